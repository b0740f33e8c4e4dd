#include "CliHelp.h"

#include "Stage.h"

#include <algorithm>

namespace {

const char *const kHelp = R"(Usage: attnviz-cli compute FILE [--layout rows|columns]
       attnviz-cli explain FILE (--row I | --column J | --cell I,J | --view outer) [options]
       attnviz-cli explain FILE --view online --row I --block B [--json] [--head H]
       attnviz-cli explain FILE --view tiled --tile R,C,K [--product output|scores]
       attnviz-cli export FILE --stage NAME --format F --out PATH [--head H]
       attnviz-cli render FILE --view NAME --out PATH.png|.svg|.pdf [options]
       attnviz-cli --help | --version

Computes scaled dot-product attention for an attnviz session file or reference case (JSON;
FILE may be - for standard input) and prints every intermediate result, takes one part
of a head's result apart into the terms that add up to it, exports one matrix, or
renders one view of the workbench as a figure (no display needed).

Commands:
  compute   Print one JSON object: heads[].Q, K, V, scores, logits (masked cells are null),
            weights, output; concat; output. Numbers read back exactly.
  explain   Print a product of one head as an aligned table of its terms, their sum, and
            checks (the sum equals the product; the weights are >= 0 and sum to 1).
  export    Write one matrix, an input or a result (row layout), as CSV, NumPy .npy,
            a LaTeX bmatrix or a NumPy array literal.
  render    Draw one view as the workbench shows it (title, labels, colour scale) to a
            PNG, SVG or PDF file, chosen by the suffix of --out.

Options for compute:
  --layout rows|columns  rows (default): tokens are rows, softmax(QK^T/sqrt(d_k)) V.
                         columns: tokens are columns, V softmax(K^T Q/sqrt(d_k)), softmax
                         down each column; every matrix is the row layout's transposed.

Options for explain (indices start at 0; tokens are t0, t1, ... unless the file names them):
  --row I           row I of the output: the rows of V weighted by query I's weights
  --column J        column J of the output: the columns of the weights scaled by V[k,J]
  --cell I,J        output[I,J] as a dot product: weights row I . V column J
  --view dot|row|column|outer
                    the same readings by name (--view dot takes --cell I,J or --row I
                    --column J); outer prints every rank-one term and the running sum
  --view online     how a fused (FlashAttention) kernel computes output row I (--row I):
                    key blocks of B keys (--block B), the running maximum m, the running
                    sum l of exp(logit - m), the rescale factor exp(m_old - m_new) and the
                    accumulator, then acc / l; then all rows as query x key block tiles
                    and the memory that needs beside the plain path's n x m weights
  --json            with --view online: {"row", "block", "steps": [{"keys": [first,
                    last], "block_max", "max", "sum", "rescale", "acc"}], "output"};
                    a fully masked block's maximum (-inf) is null
  --view tiled      the product in tiles of R rows x C columns (--tile R,C,K), each tile
                    the sum of block products over inner blocks of K
  --product output|scores
                    output = weights V (default); scores = Q K^T (row view: the rows of
                    K^T weighted by the query vector)
  --head H          the head to explain (default 0)
  --precision N     decimals in the tables (default 4, 0..15)

Options for export:
)";

// After the --stage names, which come from the stage table (stageHelp).
const char *const kHelpTail = R"(  --format csv|npy|latex|numpy
                    csv: comma-separated, numbers that read back exactly, -inf for masked
                    npy: NumPy .npy (float64, little-endian; np.load reads it)
                    latex: a \begin{bmatrix} ... \end{bmatrix}, -\infty for masked
                    numpy: np.array([[...], ...]) to paste into Python, -np.inf for masked
  --out PATH        the file to write, replaced only once it is complete; - writes the
                    text formats to standard output
  --head H          the head of Wq, Wk, Wv and of the head results (default 0)
  --precision N     decimals of --format latex (default 4, 0..15)

Options for render:
  --view NAME       q, k, v, scores, logits, weights, output (of head H), concat,
                    final (after Wo), links (token links), combination (the selected
                    row as a weighted sum of the rows of V)
  --out PATH        PATH.png, PATH.svg or PATH.pdf; replaced only once complete
  --row I           the selected query row (outlined; the row combination explains);
                    default 0, -1 for none
  --head H          the head to draw (default 0)
  --layout rows|columns
                    the row (default) or the article's column layout
  --width W, --height H
                    the view's size in pixels (default 720x560; links and combination
                    900 wide and as tall as their content)
  --scale S         PNG only: pixels per view pixel, 0.25 to 8 (2 or 3 for a projector
                    or print); the PNG is W*S x H*S

  -h, --help        show this help and exit
  --version         show the version and exit

Exit status: 0 on success; 1 when FILE cannot be read or computed on, or the export cannot
be written (a one-line message on standard error); 2 for bad usage. Warnings (e.g. a query with every key masked) go to
standard error, so standard output carries only the result.

Examples:
  attnviz-cli compute tests/data/reference/worked_example_4x4.json
  attnviz-cli compute - --layout columns < session.json
  attnviz-cli explain session.json --row 0
  attnviz-cli explain session.json --cell 0,2 --product scores
  attnviz-cli explain session.json --view online --row 2 --block 2 --json
  attnviz-cli explain session.json --view tiled --tile 2,2,2 --product scores
  attnviz-cli export session.json --stage weights --head 1 --format csv --out weights.csv
  attnviz-cli export session.json --stage final --format latex --out -
  attnviz-cli render session.json --view weights --row 2 --out weights.png --scale 2
  attnviz-cli render session.json --view combination --row 0 --out row0.pdf
)";

// The --stage lines of the help: every name of the stage table with its description.
std::string stageHelp() {
    std::string text = "  --stage NAME      the matrix to write (H: the head, --head):\n";
    for (const attn::StageInfo &info : attn::stageInfos()) {
        std::string name = info.name;
        name.resize(std::max<std::size_t>(name.size() + 1, 10), ' ');
        text += "                      " + name + info.description + "\n";
    }
    return text;
}

} // namespace

std::string cliHelp() {
    return kHelp + stageHelp() + kHelpTail;
}
