<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>BuiltinModel</name>
    <message>
        <source>A small trained model</source>
        <translation>Ein kleines trainiertes Modell</translation>
    </message>
    <message>
        <source>The 2-layer GPT-2 attnviz trained itself (Jargon File, generated sentences, repeated words), on a sentence with a pronoun and a repeat: find the previous-token, first-token and induction heads</source>
        <translation>Das zweischichtige GPT-2, das attnviz selbst trainiert hat (Einträge des Hacker-Lexikons „Jargon“, erzeugte Sätze, wiederholte Wörter), auf einem Satz mit einem Pronomen und einer Wiederholung: finden Sie die Köpfe für das vorige Token, das erste Token und die Induktion</translation>
    </message>
</context>
<context>
    <name>CellDecimals</name>
    <message>
        <source>Cell &amp;decimals</source>
        <translation>&amp;Nachkommastellen der Zellen</translation>
    </message>
    <message>
        <source>&amp;Automatic (3 significant digits)</source>
        <translation>&amp;Automatisch (3 signifikante Stellen)</translation>
    </message>
    <message>
        <source>&amp;%1</source>
        <translation>&amp;%1</translation>
    </message>
</context>
<context>
    <name>DecodingView</name>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Decode the next token (Right)</source>
        <translation>Das nächste Token dekodieren (Rechts)</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Decode the remaining tokens one by one (Space)</source>
        <translation>Die übrigen Tokens nacheinander dekodieren (Leertaste)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Empty the cache (Home)</source>
        <translation>Den Cache leeren (Pos1)</translation>
    </message>
    <message>
        <source>K cache</source>
        <translation>K-Cache</translation>
    </message>
    <message>
        <source>V cache</source>
        <translation>V-Cache</translation>
    </message>
    <message>
        <source>new query&apos;s weights</source>
        <translation>Gewichte der neuen Query</translation>
    </message>
    <message>
        <source>output rows so far</source>
        <translation>bisherige Ausgabezeilen</translation>
    </message>
    <message>
        <source>Decoding generates one token at a time. Each step appends the new token&apos;s key and value to the cache, and its query attends to every cached key: press Step (or Right).</source>
        <translation>Beim Decodieren entsteht ein Token nach dem anderen. Jeder Schritt hängt Schlüssel und Wert des neuen Tokens an den Cache an, und seine Query richtet sich auf alle Schlüssel im Cache: Schritt drücken (oder Pfeil rechts).</translation>
    </message>
</context>
<context>
    <name>Derivation</name>
    <message>
        <source> + … (%1 terms)</source>
        <translation> + … (%1 Terme)</translation>
    </message>
    <message>
        <source>%1 — token %2, feature %3</source>
        <translation>%1 – Token %2, Merkmal %3</translation>
    </message>
    <message>
        <source>score: query %1 · key %2</source>
        <translation>Score: Query %1 · Key %2</translation>
    </message>
    <message>
        <source>logit: query %1, key %2</source>
        <translation>Logit: Query %1, Key %2</translation>
    </message>
    <message>
        <source>masked%1: −∞, so its weight is exactly 0&lt;br&gt;&lt;i&gt;click to unmask&lt;/i&gt;</source>
        <translation>maskiert%1: −∞, sein Gewicht ist also genau 0&lt;br&gt;&lt;i&gt;Klicken zum Demaskieren&lt;/i&gt;</translation>
    </message>
    <message>
        <source> (causal: this key comes after the query)</source>
        <translation> (kausal: dieser Key kommt nach der Query)</translation>
    </message>
    <message>
        <source> (outside the sliding window)</source>
        <translation> (außerhalb des gleitenden Fensters)</translation>
    </message>
    <message>
        <source>&lt;/b&gt;&lt;br&gt;&lt;i&gt;click to mask this cell&lt;/i&gt;</source>
        <translation>&lt;/b&gt;&lt;br&gt;&lt;i&gt;Klicken, um diese Zelle zu maskieren&lt;/i&gt;</translation>
    </message>
    <message>
        <source>weight: query %1 attends to key %2</source>
        <translation>Gewicht: Query %1 achtet auf Key %2</translation>
    </message>
    <message>
        <source>every key of this query is masked: all its weights are 0</source>
        <translation>jeder Key dieser Query ist maskiert: alle ihre Gewichte sind 0</translation>
    </message>
    <message>
        <source>masked: exp(−∞) = 0, so the weight is exactly 0</source>
        <translation>maskiert: exp(−∞) = 0, das Gewicht ist also genau 0</translation>
    </message>
    <message>
        <source>a%1 = exp(l%1 − max) / Σ&lt;sub&gt;j&lt;/sub&gt; exp(l%2 − max)&lt;br&gt;exponent: exp(%3 − %4) = %5&lt;br&gt;%8 sum: Σ = %6&lt;br&gt;quotient: %5 / %6 = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation>a%1 = exp(l%1 − max) / Σ&lt;sub&gt;j&lt;/sub&gt; exp(l%2 − max)&lt;br&gt;Exponent: exp(%3 − %4) = %5&lt;br&gt;%8 Summe: Σ = %6&lt;br&gt;Quotient: %5 / %6 = &lt;b&gt;%7&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;(subtracting the %1 maximum changes nothing but keeps exp finite)&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;(das Abziehen des %1 Maximums ändert nichts, hält exp aber endlich)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>head output: query %1, feature %2</source>
        <translation>Kopfausgabe: Query %1, Merkmal %2</translation>
    </message>
    <message>
        <source>o%1,%2 = Σ&lt;sub&gt;j&lt;/sub&gt; a%1j · v&lt;sub&gt;j,%2&lt;/sub&gt;&lt;br&gt;= %3&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>o%1,%2 = Σ&lt;sub&gt;j&lt;/sub&gt; a%1j · v&lt;sub&gt;j,%2&lt;/sub&gt;&lt;br&gt;= %3&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>concat: query %1, column %2</source>
        <translation>Concat: Query %1, Spalte %2</translation>
    </message>
    <message>
        <source>head %1&apos;s output, feature %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>Ausgabe von Kopf %1, Merkmal %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>output: query %1, feature %2</source>
        <translation>Ausgabe: Query %1, Merkmal %2</translation>
    </message>
    <message>
        <source>no Wo: the output is the concatenation, &lt;b&gt;</source>
        <translation>kein Wo: die Ausgabe ist die Verkettung, &lt;b&gt;</translation>
    </message>
    <message>
        <source>concat%1 · Wo[:, %2]&lt;br&gt;= %3&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>concat%1 · Wo[:, %2]&lt;br&gt;= %3&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;RoPE turns it with feature %1 by %2 × %3:&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>&lt;br&gt;RoPE dreht es mit Merkmal %1 um %2 × %3:&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;QK norm: / rms %1 × g%2[%3] %4</source>
        <translation>&lt;br&gt;QK-Norm: / RMS %1 × g%2[%3] %4</translation>
    </message>
    <message>
        <source>capped: query %1, key %2</source>
        <translation>gekappt: Query %1, Key %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;tanh keeps every logit within ±%1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;tanh hält jeden Logit innerhalb von ±%1&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>DifferenceView</name>
    <message>
        <source>after − before</source>
        <translation>nachher − vorher</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <source>a token label cannot be empty</source>
        <translation>eine Token-Bezeichnung darf nicht leer sein</translation>
    </message>
    <message>
        <source>not enough memory for that size</source>
        <translation>nicht genug Speicher für diese Größe</translation>
    </message>
    <message>
        <source>the label</source>
        <translation>die Bezeichnung</translation>
    </message>
</context>
<context>
    <name>DocumentCommands</name>
    <message>
        <source>Nudge %1</source>
        <translation>%1 anstoßen</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>%1 auf %2 setzen</translation>
    </message>
</context>
<context>
    <name>ExercisePanel</name>
    <message>
        <source>Exercise</source>
        <translation>Übung</translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <source>there is nothing to export</source>
        <translation>es gibt nichts zu exportieren</translation>
    </message>
    <message>
        <source>the scale must lie between %1 and %2, not %3</source>
        <translation>der Maßstab muss zwischen %1 und %2 liegen, nicht %3</translation>
    </message>
    <message>
        <source>a figure of %1×%2 pixels cannot be exported (each side must lie between 1 and %3)</source>
        <translation>eine Abbildung von %1×%2 Pixeln kann nicht exportiert werden (jede Seite muss zwischen 1 und %3 liegen)</translation>
    </message>
    <message>
        <source>%1×%2 pixels at %3× is too large for a PNG (at most %4 pixels a side)</source>
        <translation>%1×%2 Pixel bei %3× ist zu groß für ein PNG (höchstens %4 Pixel pro Seite)</translation>
    </message>
    <message>
        <source>the PNG could not be encoded</source>
        <translation>das PNG konnte nicht kodiert werden</translation>
    </message>
    <message>
        <source>the SVG could not be started</source>
        <translation>das SVG konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>the PDF could not be started</source>
        <translation>das PDF konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>nothing was drawn</source>
        <translation>es wurde nichts gezeichnet</translation>
    </message>
</context>
<context>
    <name>FigureFeatures</name>
    <message>
        <source>&amp;Export %1</source>
        <translation>%1 &amp;exportieren</translation>
    </message>
    <message>
        <source>Results %1</source>
        <translation>Ergebnisse %1</translation>
    </message>
    <message>
        <source>&amp;All the stages…</source>
        <translation>&amp;Alle Stufen…</translation>
    </message>
    <message>
        <source>The &amp;combination panel…</source>
        <translation>Das &amp;Kombinations-Panel…</translation>
    </message>
    <message>
        <source>Panel “%1”…</source>
        <translation>Panel „%1“…</translation>
    </message>
    <message>
        <source>Include selection &amp;outlines</source>
        <translation>Auswahl-&amp;Umrisse einschließen</translation>
    </message>
    <message>
        <source>Draw the selected row&apos;s outline (and highlighted columns) in exported figures</source>
        <translation>Den Umriss der gewählten Zeile (und hervorgehobene Spalten) in exportierten Abbildungen zeichnen</translation>
    </message>
    <message>
        <source>as shown, row layout</source>
        <translation>wie angezeigt, Zeilenlayout</translation>
    </message>
    <message>
        <source>as shown, column layout: transposed</source>
        <translation>wie angezeigt, Spaltenlayout: transponiert</translation>
    </message>
    <message>
        <source>Export &amp;figure of %1…</source>
        <translation>Abbildung von %1 &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export the &amp;matrix %1 (%2)</source>
        <translation>Die &amp;Matrix %1 exportieren (%2)</translation>
    </message>
    <message>
        <source>E&amp;xport matrix</source>
        <translation>Matrix e&amp;xportieren</translation>
    </message>
    <message>
        <source>Export &amp;figure of</source>
        <translation>Abbildung &amp;exportieren von</translation>
    </message>
    <message>
        <source>Export figure of &amp;window…</source>
        <translation>Abbildung des &amp;Fensters exportieren…</translation>
    </message>
    <message>
        <source>Include &amp;pen strokes</source>
        <translation>&amp;Stiftstriche einschließen</translation>
    </message>
    <message>
        <source>Draw the pen&apos;s strokes (presentation mode, P) in figures of the window</source>
        <translation>Die Striche des Stifts (Präsentationsmodus, P) in Abbildungen des Fensters zeichnen</translation>
    </message>
</context>
<context>
    <name>FigureMenu</name>
    <message>
        <source>PNG 1× — screen (*.png)</source>
        <translation>PNG 1× – Bildschirm (*.png)</translation>
    </message>
    <message>
        <source>PNG 2× — projector, slides (*.png)</source>
        <translation>PNG 2× – Beamer, Folien (*.png)</translation>
    </message>
    <message>
        <source>PNG 3× — print (*.png)</source>
        <translation>PNG 3× – Druck (*.png)</translation>
    </message>
    <message>
        <source>SVG — vector (*.svg)</source>
        <translation>SVG – Vektor (*.svg)</translation>
    </message>
    <message>
        <source>PDF — vector (*.pdf)</source>
        <translation>PDF – Vektor (*.pdf)</translation>
    </message>
    <message>
        <source>Export figure of %1</source>
        <translation>Abbildung von %1 exportieren</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Export &amp;figure…</source>
        <translation>&amp;Abbildung exportieren…</translation>
    </message>
</context>
<context>
    <name>FigureScene</name>
    <message>
        <source>there is no head %1: the session has %2 head%3 (0 to %4)</source>
        <translation>es gibt keinen Kopf %1: die Sitzung hat %2 Kopf%3 (0 bis %4)</translation>
    </message>
    <message>
        <source>there is no query row %1: the session has %2 queries (0 to %3)</source>
        <translation>es gibt keine Query-Zeile %1: die Sitzung hat %2 Queries (0 bis %3)</translation>
    </message>
    <message>
        <source>there is no figure of the input %1</source>
        <translation>es gibt keine Abbildung der Eingabe %1</translation>
    </message>
    <message>
        <source>there is no concat view: the session has one head</source>
        <translation>es gibt keine Concat-Ansicht: die Sitzung hat einen Kopf</translation>
    </message>
    <message>
        <source>there is no final output view: the session has one head and no Wo (the output is --view output)</source>
        <translation>es gibt keine Ansicht der Endausgabe: die Sitzung hat einen Kopf und kein Wo (die Ausgabe ist --view output)</translation>
    </message>
</context>
<context>
    <name>HeadOverview</name>
    <message>
        <source>head %1</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>head %1 · group %2</source>
        <translation>Kopf %1 · Gruppe %2</translation>
    </message>
    <message>
        <source> Heads %1 share one Wk and Wv (group %2): the same K and V.</source>
        <translation> Köpfe %1 teilen sich ein Wk und Wv (Gruppe %2): dieselben K und V.</translation>
    </message>
</context>
<context>
    <name>HeadWeightSource</name>
    <message>
        <source>Turn cross-attention off first: a checkpoint&apos;s Wk and Wv take the tokens&apos; own vectors.</source>
        <translation>Schalten Sie zuerst Cross-Attention aus: Wk und Wv eines Checkpoints nehmen die eigenen Vektoren der Tokens.</translation>
    </message>
    <message>
        <source>%1 heads: at most %2 are supported</source>
        <translation>%1 Köpfe: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>Choose a tensor for each of Wq, Wk and Wv.</source>
        <translation>Wählen Sie für Wq, Wk und Wv je einen Tensor.</translation>
    </message>
    <message>
        <source>%1 is %2×%3; %4 (p × %5) is needed%6</source>
        <translation>%1 ist %2×%3; %4 (p × %5) wird gebraucht%6</translation>
    </message>
    <message>
        <source> (transposed?)</source>
        <translation> (transponiert?)</translation>
    </message>
    <message>
        <source>p = %1 cannot be shared by %2 heads (not a multiple)</source>
        <translation>p = %1 lässt sich nicht auf %2 Köpfe aufteilen (kein Vielfaches)</translation>
    </message>
    <message>
        <source>p = %1: at most %2 is supported</source>
        <translation>p = %1: höchstens %2 wird unterstützt</translation>
    </message>
    <message>
        <source>H %1 → %2, p %3 → %4, d_k %5 → %6, d_v %7 → %6; Wq, Wk, Wv of every head from the file</source>
        <translation>H %1 → %2, p %3 → %4, d_k %5 → %6, d_v %7 → %6; Wq, Wk, Wv jedes Kopfes aus der Datei</translation>
    </message>
    <message>
        <source>Fill Wq, Wk, Wv of %1 heads from %2</source>
        <translation>Wq, Wk, Wv von %1 Köpfen aus %2 füllen</translation>
    </message>
</context>
<context>
    <name>HeadWeightsDialog</name>
    <message>
        <source>Wq, Wk, Wv of every head from a checkpoint</source>
        <translation>Wq, Wk, Wv jedes Kopfes aus einem Checkpoint</translation>
    </message>
    <message>
        <source>Checkpoints (*.safetensors *.npz);;All files (*)</source>
        <translation>Checkpoints (*.safetensors *.npz);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>HeadsFocus</name>
    <message>
        <source>&amp;All heads at once</source>
        <translation>&amp;Alle Köpfe auf einmal</translation>
    </message>
    <message>
        <source>Give the Heads panel the whole window, every head side by side</source>
        <translation>Dem Köpfe-Panel das ganze Fenster geben, alle Köpfe nebeneinander</translation>
    </message>
</context>
<context>
    <name>HeatmapAxisLabels</name>
    <message>
        <source>%1 (numbered: zoom in or double-click to enlarge)</source>
        <translation>%1 (nummeriert: hineinzoomen oder doppelklicken zum Vergrößern)</translation>
    </message>
    <message>
        <source>%1 (numbered: double-click)</source>
        <translation>%1 (nummeriert: Doppelklick)</translation>
    </message>
    <message>
        <source>%1 (numbered)</source>
        <translation>%1 (nummeriert)</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import %1 from a file</source>
        <translation>%1 aus einer Datei importieren</translation>
    </message>
    <message>
        <source>Matrices (*.csv *.tsv *.txt *.npy *.npz *.safetensors);;CSV (*.csv);;TSV and text (*.tsv *.txt);;NumPy array (*.npy);;NumPy archive (*.npz);;safetensors checkpoint (*.safetensors);;All files (*)</source>
        <translation>Matrizen (*.csv *.tsv *.txt *.npy *.npz *.safetensors);;CSV (*.csv);;TSV und Text (*.tsv *.txt);;NumPy-Array (*.npy);;NumPy-Archiv (*.npz);;safetensors-Checkpoint (*.safetensors);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>ImportFeatures</name>
    <message>
        <source>Wq, Wk, Wv of &amp;every head from a checkpoint…</source>
        <translation>Wq, Wk, Wv &amp;jedes Kopfes aus einem Checkpoint…</translation>
    </message>
    <message>
        <source>&amp;Import matrix</source>
        <translation>Matrix &amp;importieren</translation>
    </message>
    <message>
        <source>&amp;Import %1 from a file…</source>
        <translation>%1 aus einer Datei &amp;importieren…</translation>
    </message>
</context>
<context>
    <name>ImportPlan</name>
    <message>
        <source> of every head</source>
        <translation> jedes Kopfes</translation>
    </message>
    <message>
        <source>X, the tokens, the mask</source>
        <translation>X, die Tokens, die Maske</translation>
    </message>
    <message>
        <source>X, the tokens (queries and keys), the mask</source>
        <translation>X, die Tokens (Queries und Keys), die Maske</translation>
    </message>
    <message>
        <source>the context, its tokens, the mask</source>
        <translation>den Kontext, seine Tokens, die Maske</translation>
    </message>
    <message>
        <source>the context, Wk, Wv</source>
        <translation>den Kontext, Wk, Wv</translation>
    </message>
    <message>
        <source>the heads</source>
        <translation>die Köpfe</translation>
    </message>
    <message>
        <source>there is no context to import into: switch cross-attention on first</source>
        <translation>es gibt keinen Kontext zum Importieren: schalten Sie zuerst Cross-Attention ein</translation>
    </message>
    <message>
        <source>there is no Wo to import into: it exists with several heads</source>
        <translation>es gibt kein Wo zum Importieren: es existiert nur bei mehreren Köpfen</translation>
    </message>
    <message>
        <source>there is no %1 to import into (%2 heads)</source>
        <translation>es gibt kein %1 zum Importieren (%2 Köpfe)</translation>
    </message>
    <message>
        <source>: the file holds no numbers</source>
        <translation>: die Datei enthält keine Zahlen</translation>
    </message>
    <message>
        <source>%1 rows, not %2 (%3)</source>
        <translation>%1 Zeilen, nicht %2 (%3)</translation>
    </message>
    <message>
        <source>Wo has H·d_v rows: with %1 heads, %2 rows is not a multiple of %1</source>
        <translation>Wo hat H·d_v Zeilen: bei %1 Köpfen sind %2 Zeilen kein Vielfaches von %1</translation>
    </message>
    <message>
        <source>%1 columns, not %2 (%3)</source>
        <translation>%1 Spalten, nicht %2 (%3)</translation>
    </message>
    <message>
        <source>The file has %1 but %2 is %3: %4.</source>
        <translation>Die Datei hat %1, aber %2 ist %3: %4.</translation>
    </message>
    <message>
        <source>%1 would be %2: at most %3 is supported</source>
        <translation>%1 wäre %2: höchstens %3 wird unterstützt</translation>
    </message>
    <message>
        <source>%1 %2 → %3 (resizes %4)</source>
        <translation>%1 %2 → %3 (ändert die Größe von %4)</translation>
    </message>
    <message>
        <source>%1 is now %2, not the %3 of the file: import again</source>
        <translation>%1 ist jetzt %2, nicht %3 wie in der Datei: importieren Sie erneut</translation>
    </message>
    <message>
        <source>Import %1 from %2</source>
        <translation>%1 aus %2 importieren</translation>
    </message>
    <message>
        <source> (array %1)</source>
        <translation> (Array %1)</translation>
    </message>
    <message>
        <source> (tensor %1%2)</source>
        <translation> (Tensor %1%2)</translation>
    </message>
</context>
<context>
    <name>InductionFeatures</name>
    <message>
        <source>Watch a circuit form</source>
        <translation>Einen Schaltkreis entstehen sehen</translation>
    </message>
    <message>
        <source>How a &amp;circuit forms</source>
        <translation>Wie ein &amp;Schaltkreis entsteht</translation>
    </message>
</context>
<context>
    <name>Initializer</name>
    <message>
        <source>zeros</source>
        <translation>Nullen</translation>
    </message>
    <message>
        <source>identity-like</source>
        <translation>einheitsmatrixartig</translation>
    </message>
    <message>
        <source>random normal</source>
        <translation>zufällig normal</translation>
    </message>
</context>
<context>
    <name>InsightFeatures</name>
    <message>
        <source>&amp;All heads, one colour each</source>
        <translation>&amp;Alle Köpfe, je eine Farbe</translation>
    </message>
    <message>
        <source>Draw every head&apos;s lines (Okabe–Ito colours) instead of the current head&apos;s only</source>
        <translation>Die Linien jedes Kopfes zeichnen (Okabe–Ito-Farben) statt nur die des aktuellen Kopfes</translation>
    </message>
    <message>
        <source>Vector form</source>
        <translation>Vektorform</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>Köpfe</translation>
    </message>
    <message>
        <source>Readouts</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>Was wäre, wenn</translation>
    </message>
    <message>
        <source>Δ edit</source>
        <translation>Δ Änderung</translation>
    </message>
    <message>
        <source>Mask and bias</source>
        <translation>Maske und Bias</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>&amp;Insights</source>
        <translation>&amp;Einblicke</translation>
    </message>
    <message>
        <source>&amp;Next head</source>
        <translation>&amp;Nächster Kopf</translation>
    </message>
    <message>
        <source>&amp;Previous head</source>
        <translation>&amp;Vorheriger Kopf</translation>
    </message>
</context>
<context>
    <name>InsightSupport</name>
    <message>
        <source>… %1 entries</source>
        <translation>… %1 Einträge</translation>
    </message>
</context>
<context>
    <name>InterpretationTerms</name>
    <message>
        <source>key k</source>
        <translation>Key k</translation>
    </message>
    <message>
        <source>row %1 of %2 = Σₖ %3·(row k of %4)   (%5 %6)</source>
        <translation>Zeile %1 von %2 = Σₖ %3·(Zeile k von %4)   (%5 %6)</translation>
    </message>
    <message>
        <source>row k of </source>
        <translation>Zeile k von </translation>
    </message>
    <message>
        <source>·(row k of </source>
        <translation>·(Zeile k von </translation>
    </message>
    <message>
        <source>row %1 of %2</source>
        <translation>Zeile %1 von %2</translation>
    </message>
    <message>
        <source>column %1 of %2 = Σₖ %3·(column k of %4)   (%5 %6)</source>
        <translation>Spalte %1 von %2 = Σₖ %3·(Spalte k von %4)   (%5 %6)</translation>
    </message>
    <message>
        <source>column k of </source>
        <translation>Spalte k von </translation>
    </message>
    <message>
        <source>·(column k of </source>
        <translation>·(Spalte k von </translation>
    </message>
    <message>
        <source>column %1 of %2</source>
        <translation>Spalte %1 von %2</translation>
    </message>
    <message>
        <source>the entries </source>
        <translation>die Einträge </translation>
    </message>
    <message>
        <source>row k of</source>
        <translation>Zeile k von</translation>
    </message>
    <message>
        <source>the rows of</source>
        <translation>die Zeilen von</translation>
    </message>
    <message>
        <source>column k of</source>
        <translation>Spalte k von</translation>
    </message>
    <message>
        <source>the columns of</source>
        <translation>die Spalten von</translation>
    </message>
    <message>
        <source>The weights are %1 (smallest %2) and sum to %3: the result is a convex combination — a weighted average — of %4.</source>
        <translation>Die Gewichte sind %1 (kleinstes %2) und summieren sich zu %3: das Ergebnis ist eine Konvexkombination – ein gewichteter Mittelwert – von %4.</translation>
    </message>
    <message>
        <source>NOT all non-negative</source>
        <translation>NICHT alle nichtnegativ</translation>
    </message>
    <message>
        <source>In the column layout (%1): the transposed cell, the same dot product.</source>
        <translation>Im Spaltenlayout (%1): die transponierte Zelle, dasselbe Skalarprodukt.</translation>
    </message>
    <message>
        <source>Column layout: %1[j,&#xa0;i] here is %1[i,&#xa0;j] of the row layout (%2).</source>
        <translation>Spaltenlayout: %1[j, i] ist hier %1[i, j] des Zeilenlayouts (%2).</translation>
    </message>
    <message>
        <source>In the column layout (%1) this row view is the column view.</source>
        <translation>Im Spaltenlayout (%1) ist diese Zeilenansicht die Spaltenansicht.</translation>
    </message>
    <message>
        <source>Column layout: this row view is the column view of the row layout (%1), transposed.</source>
        <translation>Spaltenlayout: diese Zeilenansicht ist die Spaltenansicht des Zeilenlayouts (%1), transponiert.</translation>
    </message>
    <message>
        <source>In the column layout (%1) this column view is the row view.</source>
        <translation>Im Spaltenlayout (%1) ist diese Spaltenansicht die Zeilenansicht.</translation>
    </message>
    <message>
        <source>Column layout: this column view is the row view of the row layout (%1), transposed.</source>
        <translation>Spaltenlayout: diese Spaltenansicht ist die Zeilenansicht des Zeilenlayouts (%1), transponiert.</translation>
    </message>
    <message>
        <source>In the column layout (%1) every term is transposed.</source>
        <translation>Im Spaltenlayout (%1) ist jeder Term transponiert.</translation>
    </message>
    <message>
        <source>Column layout: term k is term k of the row layout (%1), transposed.</source>
        <translation>Spaltenlayout: Term k ist Term k des Zeilenlayouts (%1), transponiert.</translation>
    </message>
    <message>
        <source>In the column layout (%1) every tile is transposed.</source>
        <translation>Im Spaltenlayout (%1) ist jede Kachel transponiert.</translation>
    </message>
    <message>
        <source>Column layout: tile (I, J) is tile (J, I) of %1, transposed.</source>
        <translation>Spaltenlayout: Kachel (I, J) ist Kachel (J, I) von %1, transponiert.</translation>
    </message>
    <message>
        <source>One query row of softmax(logits)·V, key block by key block, as a fused kernel computes it: the n×m weights are never stored.</source>
        <translation>Eine Query-Zeile von softmax(logits)·V, Key-Block für Key-Block, wie ein verschmolzener Kernel sie berechnet: die n×m Gewichte werden nie gespeichert.</translation>
    </message>
    <message>
        <source>Column layout: the same walk down the query&apos;s column of the logits.</source>
        <translation>Spaltenlayout: derselbe Weg abwärts durch die Spalte der Query in den Logits.</translation>
    </message>
</context>
<context>
    <name>InterpretationsControls</name>
    <message>
        <source>%1 — %2 (key %3)</source>
        <translation>%1 — %2 (key %3)</translation>
    </message>
    <message>
        <source>The picked row of the product (Up/Down in the view)</source>
        <translation>Die gewählte Zeile des Produkts (Auf/Ab in der Ansicht)</translation>
    </message>
    <message>
        <source>The picked column of the product (PgUp/PgDn in the view)</source>
        <translation>Die gewählte Spalte des Produkts (Bild auf/Bild ab in der Ansicht)</translation>
    </message>
    <message>
        <source>No terms yet (Home)</source>
        <translation>Noch keine Terme (Pos1)</translation>
    </message>
    <message>
        <source>Step back one term (Left)</source>
        <translation>Einen Term zurück (Links)</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>Abspielen / Pause (Leertaste)</translation>
    </message>
    <message>
        <source>Step forward one term (Right)</source>
        <translation>Einen Term vor (Rechts)</translation>
    </message>
    <message>
        <source>All terms (End)</source>
        <translation>Alle Terme (Ende)</translation>
    </message>
    <message>
        <source>Slower (−)</source>
        <translation>Langsamer (−)</translation>
    </message>
    <message>
        <source>Playing speed (+/−)</source>
        <translation>Abspielgeschwindigkeit (+/−)</translation>
    </message>
    <message>
        <source>Faster (+)</source>
        <translation>Schneller (+)</translation>
    </message>
    <message>
        <source>9999 of 9999 terms</source>
        <translation>9999 von 9999 Termen</translation>
    </message>
</context>
<context>
    <name>InterpretationsFeatures</name>
    <message>
        <source>Interpretations</source>
        <translation>Interpretationen</translation>
    </message>
    <message>
        <source>&amp;Interpretations of A·B</source>
        <translation>&amp;Interpretationen von A·B</translation>
    </message>
    <message>
        <source>Show the dot, row, column and outer-product readings of %1 and %2 (Space plays, ←/→ step)</source>
        <translation>Die Skalarprodukt-, Zeilen-, Spalten- und Außenprodukt-Lesarten von %1 und %2 zeigen (Leertaste spielt ab, ←/→ schrittweise)</translation>
    </message>
</context>
<context>
    <name>InterpretedProduct</name>
    <message>
        <source>Dot product</source>
        <translation>Skalarprodukt</translation>
    </message>
    <message>
        <source>Row view</source>
        <translation>Zeilenansicht</translation>
    </message>
    <message>
        <source>Column view</source>
        <translation>Spaltenansicht</translation>
    </message>
    <message>
        <source>Outer products</source>
        <translation>Äußere Produkte</translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation>Kacheln</translation>
    </message>
    <message>
        <source>Online softmax</source>
        <translation>Online-Softmax</translation>
    </message>
    <message>
        <source>d_k index</source>
        <translation>d_k-Index</translation>
    </message>
</context>
<context>
    <name>KernelReadingControls</name>
    <message>
        <source>tile rows × columns × inner:</source>
        <translation>Kachel Zeilen × Spalten × innen:</translation>
    </message>
    <message>
        <source>Rows of P per tile</source>
        <translation>Zeilen von P pro Kachel</translation>
    </message>
    <message>
        <source>Columns of P per tile</source>
        <translation>Spalten von P pro Kachel</translation>
    </message>
    <message>
        <source>Inner block: how much of the sum one block product covers</source>
        <translation>Innerer Block: wie viel der Summe ein Blockprodukt abdeckt</translation>
    </message>
    <message>
        <source>keys per block:</source>
        <translation>Keys pro Block:</translation>
    </message>
    <message>
        <source>How many keys one block of the walk covers</source>
        <translation>Wie viele Keys ein Block des Durchlaufs abdeckt</translation>
    </message>
</context>
<context>
    <name>KernelReadings</name>
    <message>
        <source>All rows at once: %1×%2 logits are too many to walk here (attnviz-cli explain --view online gives the figures).</source>
        <translation>Alle Zeilen auf einmal: %1×%2 Logits sind zu viele, um sie hier zu durchlaufen (attnviz-cli explain --view online liefert die Zahlen).</translation>
    </message>
    <message>
        <source>All rows at once, as a fused kernel runs: %1 query blocks × %2 key blocks; largest difference from the plain output %3 %4. It holds %5 numbers at once (one %6×%7 logits tile, a %6×%8 accumulator, m and ℓ of %6 rows) where the plain path holds the %9×%10 weights (%11 numbers).</source>
        <translation>Alle Zeilen auf einmal, wie ein verschmolzener Kernel läuft: %1 Query-Blöcke × %2 Key-Blöcke; größte Abweichung von der einfachen Ausgabe %3 %4. Er hält %5 Zahlen gleichzeitig (eine %6×%7-Kachel der Logits, einen %6×%8-Akkumulator, m und ℓ von %6 Zeilen), wo der einfache Weg die %9×%10 Gewichte hält (%11 Zahlen).</translation>
    </message>
</context>
<context>
    <name>LearningFeatures</name>
    <message>
        <source>Positions</source>
        <translation>Positionen</translation>
    </message>
    <message>
        <source>Gradient</source>
        <translation>Gradient</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>&amp;Learning</source>
        <translation>&amp;Lernen</translation>
    </message>
</context>
<context>
    <name>LearningLesson</name>
    <message>
        <source>1. Where is a token? Positions</source>
        <translation>1. Wo steht ein Token? Positionen</translation>
    </message>
    <message>
        <source>Without positions, a query scores a key by their vectors alone: move the tokens around and every output only moves with them (What if › permutation). A sentence is more than a set, so position must enter somewhere.</source>
        <translation>Ohne Positionen bewertet eine Query einen Key allein nach ihren Vektoren: vertauscht man die Tokens, bewegt sich jede Ausgabe nur mit ihnen (Was wäre, wenn › Permutation). Ein Satz ist mehr als eine Menge, also muss die Position irgendwo eingehen.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Now: &lt;b&gt;no positions&lt;/b&gt;. Choose &lt;i&gt;sinusoidal&lt;/i&gt; or &lt;i&gt;RoPE&lt;/i&gt; beside the temperature and watch the scores change.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Jetzt: &lt;b&gt;keine Positionen&lt;/b&gt;. Wählen Sie &lt;i&gt;sinusförmig&lt;/i&gt; oder &lt;i&gt;RoPE&lt;/i&gt; neben der Temperatur und beobachten Sie, wie sich die Scores ändern.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Now: &lt;b&gt;sinusoidal&lt;/b&gt;. X′ = X + P before the projections; P[1, 0] = sin(1) = %1, P[1, 1] = cos(1) = %2. View › Learning › Positions shows all of P.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Jetzt: &lt;b&gt;sinusförmig&lt;/b&gt;. X′ = X + P vor den Projektionen; P[1, 0] = sin(1) = %1, P[1, 1] = cos(1) = %2. Ansicht › Lernen › Positionen zeigt ganz P.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Now: &lt;b&gt;RoPE&lt;/b&gt;. Each pair of a row of Q and K is rotated by pos·10000^(−2i/%1): q and k at positions m and n meet at the angle (m − n)θ, so the score depends on the offset only (the Positions panel moves every position to show it).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Jetzt: &lt;b&gt;RoPE&lt;/b&gt;. Jedes Paar einer Zeile von Q und K wird um pos·10000^(−2i/%1) gedreht: q und k an den Positionen m und n treffen sich im Winkel (m − n)θ, der Score hängt also nur vom Abstand ab (das Positionen-Panel verschiebt jede Position, um es zu zeigen).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>2. What should come out? A target and a loss</source>
        <translation>2. Was soll herauskommen? Ein Ziel und ein Verlust</translation>
    </message>
    <message>
        <source>The target says what the output should be. The loss measures the miss: L = ½·Σ(output − target)² = &lt;b&gt;%1&lt;/b&gt;. Training means: change Wq, Wk, Wv until L is small.</source>
        <translation>Das Ziel sagt, wie die Ausgabe sein soll. Der Verlust misst die Abweichung: L = ½·Σ(Ausgabe − Ziel)² = &lt;b&gt;%1&lt;/b&gt;. Trainieren heißt: Wq, Wk, Wv ändern, bis L klein ist.</translation>
    </message>
    <message>
        <source>There is no target yet. In View › Learning › Gradient press &lt;i&gt;Target = output, one cell + 1&lt;/i&gt; (or Reset in the Train panel): the loss L = ½·Σ(output − target)² then measures the miss.</source>
        <translation>Es gibt noch kein Ziel. Drücken Sie in Ansicht › Lernen › Gradient &lt;i&gt;Ziel = Ausgabe, eine Zelle + 1&lt;/i&gt; (oder „Zurücksetzen“ im Trainieren-Panel): der Verlust L = ½·Σ(Ausgabe − Ziel)² misst dann die Abweichung.</translation>
    </message>
    <message>
        <source>3. The gradient of one weight</source>
        <translation>3. Der Gradient eines Gewichts</translation>
    </message>
    <message>
        <source>Which weight matters most? ∂L/∂Wq is largest at [%1, %2]: &lt;b&gt;%3&lt;/b&gt;. It is a sum over the tokens of X[i, %1] times ∂L/∂Q[i, %2], and ∂L/∂Q comes back from the loss through the output, the weights (softmax) and the keys: hover that cell in the Gradient panel for every term.</source>
        <translation>Welches Gewicht zählt am meisten? ∂L/∂Wq ist am größten bei [%1, %2]: &lt;b&gt;%3&lt;/b&gt;. Es ist eine Summe über die Tokens von X[i, %1] mal ∂L/∂Q[i, %2], und ∂L/∂Q kommt vom Verlust zurück durch die Ausgabe, die Gewichte (Softmax) und die Keys: zeigen Sie im Gradient-Panel auf diese Zelle, um jeden Term zu sehen.</translation>
    </message>
    <message>
        <source>With a target, every weight gets a gradient: how much L changes when that one number moves. Set a target (step 2) to see them.</source>
        <translation>Mit einem Ziel bekommt jedes Gewicht einen Gradienten: wie stark sich L ändert, wenn sich diese eine Zahl bewegt. Setzen Sie ein Ziel (Schritt 2), um sie zu sehen.</translation>
    </message>
    <message>
        <source>4. One step downhill: W − η·∂L/∂W</source>
        <translation>4. Ein Schritt bergab: W − η·∂L/∂W</translation>
    </message>
    <message>
        <source>Move every weight a little against its gradient. With η = 0.01 the loss goes from %1 to &lt;b&gt;%2&lt;/b&gt;. The Gradient panel&apos;s &lt;i&gt;Apply the step&lt;/i&gt; does it (undo takes it back).</source>
        <translation>Jedes Gewicht ein wenig gegen seinen Gradienten bewegen. Mit η = 0.01 geht der Verlust von %1 auf &lt;b&gt;%2&lt;/b&gt;. &lt;i&gt;Schritt anwenden&lt;/i&gt; im Gradient-Panel tut es (Rückgängig nimmt es zurück).</translation>
    </message>
    <message>
        <source>Gradient descent moves every weight against its gradient: W ← W − η·∂L/∂W.</source>
        <translation>Gradientenabstieg bewegt jedes Gewicht gegen seinen Gradienten: W ← W − η·∂L/∂W.</translation>
    </message>
    <message>
        <source>5. Many steps: training</source>
        <translation>5. Viele Schritte: Training</translation>
    </message>
    <message>
        <source>View › Learning › Train repeats the step on fresh random sentences. Task &lt;i&gt;previous-token&lt;/i&gt;: every word should attend to the word before it. Press &lt;i&gt;Step&lt;/i&gt; a few times, then &lt;i&gt;Play&lt;/i&gt;: the loss curve falls and the weights heatmap of the sentence on screen sharpens.</source>
        <translation>Ansicht › Lernen › Trainieren wiederholt den Schritt mit immer neuen Zufallssätzen. Aufgabe &lt;i&gt;previous-token&lt;/i&gt;: jedes Wort soll auf das Wort davor achten. Drücken Sie ein paarmal &lt;i&gt;Schritt&lt;/i&gt;, dann &lt;i&gt;Abspielen&lt;/i&gt;: die Verlustkurve fällt, und die Gewichte-Heatmap des angezeigten Satzes wird schärfer.</translation>
    </message>
    <message>
        <source>6. The pattern that emerges</source>
        <translation>6. Das Muster, das entsteht</translation>
    </message>
    <message>
        <source>Where each query puts its largest weight now: %1. After training previous-token it is the diagonal just below the main one; nobody wrote it in: it came from the gradient of the loss, through the positions. Query %2 is selected: its row is the one to watch.</source>
        <translation>Wo jede Query jetzt ihr größtes Gewicht hat: %1. Nach dem Training von previous-token ist es die Diagonale direkt unter der Hauptdiagonale; niemand hat sie vorgegeben: sie kam aus dem Gradienten des Verlusts, über die Positionen. Query %2 ist gewählt: ihre Zeile lohnt den Blick.</translation>
    </message>
</context>
<context>
    <name>LearningReadings</name>
    <message>
        <source>… (%1 more)</source>
        <translation>… (%1 weitere)</translation>
    </message>
    <message>
        <source>= Σ&lt;sub&gt;i&lt;/sub&gt; %1 · %2&lt;br&gt;= %3&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>= Σ&lt;sub&gt;i&lt;/sub&gt; %1 · %2&lt;br&gt;= %3&lt;br&gt;= &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;the chain back to the loss L = ½Σ(output − target)²:&lt;br&gt;∂L/∂output = output − target</source>
        <translation>&lt;br&gt;&lt;br&gt;die Kette zurück zum Verlust L = ½Σ(Ausgabe − Ziel)²:&lt;br&gt;∂L/∂Ausgabe = Ausgabe − Ziel</translation>
    </message>
    <message>
        <source>&lt;br&gt;∂L/∂head output = (∂L/∂output·Woᵀ), the head&apos;s columns</source>
        <translation>&lt;br&gt;∂L/∂Kopfausgabe = (∂L/∂Ausgabe·Woᵀ), die Spalten des Kopfes</translation>
    </message>
    <message>
        <source>&lt;br&gt;∂L/∂head output = the head&apos;s columns of it</source>
        <translation>&lt;br&gt;∂L/∂Kopfausgabe = die Spalten des Kopfes davon</translation>
    </message>
    <message>
        <source>&lt;br&gt;∂L/∂V = Aᵀ·∂L/∂head output</source>
        <translation>&lt;br&gt;∂L/∂V = Aᵀ·∂L/∂Kopfausgabe</translation>
    </message>
    <message>
        <source>&lt;br&gt;∂L/∂A = ∂L/∂head output·Vᵀ&lt;br&gt;∂L/∂logits = A ⊙ (∂L/∂A − row sums of A ⊙ ∂L/∂A)   (softmax; masked cells give 0)&lt;br&gt;∂L/∂Q = factor·∂L/∂logits·K,  ∂L/∂K = factor·∂L/∂logitsᵀ·Q   (factor = 1/√d_k/T)</source>
        <translation>&lt;br&gt;∂L/∂A = ∂L/∂Kopfausgabe·Vᵀ&lt;br&gt;∂L/∂logits = A ⊙ (∂L/∂A − Zeilensummen von A ⊙ ∂L/∂A)   (Softmax; maskierte Zellen ergeben 0)&lt;br&gt;∂L/∂Q = Faktor·∂L/∂logits·K,  ∂L/∂K = Faktor·∂L/∂logitsᵀ·Q   (Faktor = 1/√d_k/T)</translation>
    </message>
    <message>
        <source>&lt;br&gt;RoPE: ∂L/∂Q and ∂L/∂K rotated back by −pos·θ&lt;sub&gt;i&lt;/sub&gt; (a rotation&apos;s transpose)</source>
        <translation>&lt;br&gt;RoPE: ∂L/∂Q und ∂L/∂K zurückgedreht um −pos·θ&lt;sub&gt;i&lt;/sub&gt; (die Transponierte einer Drehung)</translation>
    </message>
    <message>
        <source>&lt;br&gt;summed over the heads of its key/value group, which share W%1</source>
        <translation>&lt;br&gt;summiert über die Köpfe seiner Key/Value-Gruppe, die sich W%1 teilen</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;∂L/∂output = output − target</source>
        <translation>&lt;br&gt;&lt;br&gt;∂L/∂Ausgabe = Ausgabe − Ziel</translation>
    </message>
    <message>
        <source> = Σ&lt;sub&gt;heads&lt;/sub&gt; Σ&lt;sub&gt;b&lt;/sub&gt; </source>
        <translation> = Σ&lt;sub&gt;heads&lt;/sub&gt; Σ&lt;sub&gt;b&lt;/sub&gt; </translation>
    </message>
    <message>
        <source>&lt;br&gt;= %1 (through Q)</source>
        <translation>&lt;br&gt;= %1 (über Q)</translation>
    </message>
    <message>
        <source> + %1 (through K) + %2 (through V)</source>
        <translation> + %1 (über K) + %2 (über V)</translation>
    </message>
    <message>
        <source>&lt;br&gt;(X′ = X + P and P is fixed, so ∂L/∂X = ∂L/∂X′)</source>
        <translation>&lt;br&gt;(X′ = X + P und P ist fest, also ∂L/∂X = ∂L/∂X′)</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>Previous step (Page Up)</source>
        <translation>Vorheriger Schritt (Bild auf)</translation>
    </message>
    <message>
        <source>Next step (Page Down)</source>
        <translation>Nächster Schritt (Bild ab)</translation>
    </message>
    <message>
        <source>&amp;Start lesson</source>
        <translation>Lektion &amp;starten</translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation>&amp;Nächster Schritt</translation>
    </message>
    <message>
        <source>&amp;Previous step</source>
        <translation>&amp;Vorheriger Schritt</translation>
    </message>
    <message>
        <source>&amp;End lesson</source>
        <translation>Lektion &amp;beenden</translation>
    </message>
    <message>
        <source>Start lesson: &amp;where the weights come from</source>
        <translation>Lektion starten: &amp;woher die Gewichte kommen</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
</context>
<context>
    <name>LessonScript</name>
    <message>
        <source>… (%1 numbers)</source>
        <translation>… (%1 Zahlen)</translation>
    </message>
    <message>
        <source> + … (%1 terms)</source>
        <translation> + … (%1 Terme)</translation>
    </message>
    <message>
        <source>the context C</source>
        <translation>den Kontext C</translation>
    </message>
    <message>
        <source>1. Tokens are rows of X</source>
        <translation>1. Tokens sind Zeilen von X</translation>
    </message>
    <message>
        <source>Each of the %1 tokens is a vector of p = %2 numbers: one row of X. Token %3 is x%4 = %5.&lt;br&gt;Everything that follows is computed from these numbers and the weight matrices; edit any of them and every step updates.</source>
        <translation>Jedes der %1 Tokens ist ein Vektor aus p = %2 Zahlen: eine Zeile von X. Token %3 ist x%4 = %5.&lt;br&gt;Alles Folgende wird aus diesen Zahlen und den Gewichtsmatrizen berechnet; ändern Sie eine davon, und jeder Schritt aktualisiert sich.</translation>
    </message>
    <message>
        <source>2. Queries, keys and values: </source>
        <translation>2. Queries, Keys und Values: </translation>
    </message>
    <message>
        <source>Three learned matrices turn every token into three vectors: a query (what it looks for), a key (what it offers to be found by) and a value (what it passes on). Row by row: %1 = x%2·Wq = %3, and the keys and values come from %4.&lt;br&gt;Q and K have d&lt;sub&gt;k&lt;/sub&gt; = %5 columns, V has d&lt;sub&gt;v&lt;/sub&gt; = %6.</source>
        <translation>Drei gelernte Matrizen machen aus jedem Token drei Vektoren: eine Query (wonach es sucht), einen Key (womit es gefunden werden kann) und einen Value (was es weitergibt). Zeile für Zeile: %1 = x%2·Wq = %3, und die Keys und Values stammen aus %4.&lt;br&gt;Q und K haben d&lt;sub&gt;k&lt;/sub&gt; = %5 Spalten, V hat d&lt;sub&gt;v&lt;/sub&gt; = %6.</translation>
    </message>
    <message>
        <source>3. Scores are dot products: S = </source>
        <translation>3. Scores sind Skalarprodukte: S = </translation>
    </message>
    <message>
        <source>How well does query %1 match key %2? Their dot product: %3·%4 = %5 = &lt;b&gt;%6&lt;/b&gt;.&lt;br&gt;%9 computes all %7×%8 of these at once: entry (i, j) is %10, row i of Q against column j of %11.</source>
        <translation>Wie gut passt Query %1 zu Key %2? Ihr Skalarprodukt: %3·%4 = %5 = &lt;b&gt;%6&lt;/b&gt;.&lt;br&gt;%9 berechnet alle %7×%8 davon auf einmal: Eintrag (i, j) ist %10, Zeile i von Q gegen Spalte j von %11.</translation>
    </message>
    <message>
        <source>Divide by %1 = %2 = %3: %4 / %3 = &lt;b&gt;%5&lt;/b&gt;.</source>
        <translation>Teilen durch %1 = %2 = %3: %4 / %3 = &lt;b&gt;%5&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Scaling is switched off here, so the logits are the scores themselves.</source>
        <translation>Die Skalierung ist hier ausgeschaltet, die Logits sind also die Scores selbst.</translation>
    </message>
    <message>
        <source> Then divide by the temperature T = %1.</source>
        <translation> Dann durch die Temperatur T = %1 teilen.</translation>
    </message>
    <message>
        <source>4. Scale by </source>
        <translation>4. Skalieren mit </translation>
    </message>
    <message>
        <source> (before the softmax)</source>
        <translation> (vor der Softmax)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Why: a dot product of d&lt;sub&gt;k&lt;/sub&gt; terms grows with d&lt;sub&gt;k&lt;/sub&gt; (for random unit-variance vectors its standard deviation is %4). Unscaled, large d&lt;sub&gt;k&lt;/sub&gt; pushes the softmax into near one-hot rows where it barely learns. The logit of %1 for %2 is &lt;b&gt;%3&lt;/b&gt;.</source>
        <translation>&lt;br&gt;Warum: ein Skalarprodukt aus d&lt;sub&gt;k&lt;/sub&gt; Termen wächst mit d&lt;sub&gt;k&lt;/sub&gt; (für zufällige Vektoren mit Varianz 1 ist seine Standardabweichung %4). Unskaliert drückt ein großes d&lt;sub&gt;k&lt;/sub&gt; die Softmax in fast one-hot Zeilen, in denen sie kaum lernt. Der Logit von %1 für %2 ist &lt;b&gt;%3&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>5. Softmax turns each row into weights</source>
        <translation>5. Softmax macht aus jeder Zeile Gewichte</translation>
    </message>
    <message>
        <source>6. The output row is a weighted average of V&apos;s rows</source>
        <translation>6. Die Ausgabezeile ist ein gewichteter Mittelwert der Zeilen von V</translation>
    </message>
    <message>
        <source>Row i of weights·V is the rows of V weighted by row i of the weights: o%1 = %2 = &lt;b&gt;%3&lt;/b&gt;.&lt;br&gt;Because the weights are non-negative and sum to 1, this is a convex combination: the output lies among the value vectors, pulled towards those with the largest weights (here %4, weight %5). The panel beside the output draws it term by term.</source>
        <translation>Zeile i von Gewichte·V sind die Zeilen von V, gewichtet mit Zeile i der Gewichte: o%1 = %2 = &lt;b&gt;%3&lt;/b&gt;.&lt;br&gt;Weil die Gewichte nichtnegativ sind und sich zu 1 summieren, ist das eine Konvexkombination: die Ausgabe liegt zwischen den Value-Vektoren, hingezogen zu denen mit den größten Gewichten (hier %4, Gewicht %5). Das Panel neben der Ausgabe zeichnet sie Term für Term.</translation>
    </message>
    <message>
        <source>7. The same product, read by columns</source>
        <translation>7. Dasselbe Produkt, spaltenweise gelesen</translation>
    </message>
    <message>
        <source>Column j of weights·V is the columns of the weights, each scaled by the matching entry of column j of V: column %1 of the output = Σ&lt;sub&gt;k&lt;/sub&gt; V&lt;sub&gt;k,%1&lt;/sub&gt; · (column k of the weights) = %2.&lt;br&gt;Same numbers, another reading: the row view asks “what does each token receive?”, the column view “how is each feature of V spread over the tokens?”</source>
        <translation>Spalte j von Gewichte·V sind die Spalten der Gewichte, jede skaliert mit dem passenden Eintrag von Spalte j von V: Spalte %1 der Ausgabe = Σ&lt;sub&gt;k&lt;/sub&gt; V&lt;sub&gt;k,%1&lt;/sub&gt; · (Spalte k der Gewichte) = %2.&lt;br&gt;Dieselben Zahlen, eine andere Lesart: die Zeilenansicht fragt „was bekommt jedes Token?“, die Spaltenansicht „wie verteilt sich jedes Merkmal von V über die Tokens?“</translation>
    </message>
    <message>
        <source>8. The transposed convention: </source>
        <translation>8. Die transponierte Konvention: </translation>
    </message>
    <message>
        <source>Stack the tokens as columns instead of rows and every matrix is transposed: %3 is d&lt;sub&gt;k&lt;/sub&gt;×n, the scores are %4 (m×n), the weights A = %5 are normalised down each column, and the output is %6 = %7: d&lt;sub&gt;v&lt;/sub&gt;×n, the transpose of the row layout&apos;s output. The numbers are the same: output column %1 here is output row %1 before, %2.&lt;br&gt;Neither is more correct; they differ only in how the inputs are laid out.</source>
        <translation>Stapelt man die Tokens als Spalten statt als Zeilen, ist jede Matrix transponiert: %3 ist d&lt;sub&gt;k&lt;/sub&gt;×n, die Scores sind %4 (m×n), die Gewichte A = %5 werden in jeder Spalte abwärts normiert, und die Ausgabe ist %6 = %7: d&lt;sub&gt;v&lt;/sub&gt;×n, die Transponierte der Ausgabe des Zeilenlayouts. Die Zahlen sind dieselben: Ausgabespalte %1 hier ist Ausgabezeile %1 von vorher, %2.&lt;br&gt;Keine ist richtiger; sie unterscheiden sich nur darin, wie die Eingaben angeordnet sind.</translation>
    </message>
    <message>
        <source>a&lt;sub&gt;ij&lt;/sub&gt; = exp(l&lt;sub&gt;ij&lt;/sub&gt;) / Σ&lt;sub&gt;k&lt;/sub&gt; exp(l&lt;sub&gt;ik&lt;/sub&gt;): the exponent is taken of each logit, and the row&apos;s sum goes in the denominator.&lt;br&gt;For %1: a%2 = exp(%3) / Σ = &lt;b&gt;%4&lt;/b&gt; (computed as exp(%3 − %5) / %6, subtracting the row maximum, which changes nothing but keeps exp finite).&lt;br&gt;Every weight is ≥ 0 and each row sums to 1 (this row: %7): a row of weights says how %1 spreads its attention over the keys.</source>
        <translation>a&lt;sub&gt;ij&lt;/sub&gt; = exp(l&lt;sub&gt;ij&lt;/sub&gt;) / Σ&lt;sub&gt;k&lt;/sub&gt; exp(l&lt;sub&gt;ik&lt;/sub&gt;): von jedem Logit wird die Exponentialfunktion genommen, und die Summe der Zeile steht im Nenner.&lt;br&gt;Für %1: a%2 = exp(%3) / Σ = &lt;b&gt;%4&lt;/b&gt; (berechnet als exp(%3 − %5) / %6, mit abgezogenem Zeilenmaximum, was nichts ändert, exp aber endlich hält).&lt;br&gt;Jedes Gewicht ist ≥ 0 und jede Zeile summiert sich zu 1 (diese Zeile: %7): eine Zeile von Gewichten sagt, wie %1 seine Aufmerksamkeit auf die Keys verteilt.</translation>
    </message>
    <message>
        <source>the other rows (their weights add up to %1)</source>
        <translation>die übrigen Zeilen (ihre Gewichte ergeben zusammen %1)</translation>
    </message>
</context>
<context>
    <name>MatrixEditor</name>
    <message>
        <source>tokens × p</source>
        <translation>Tokens × p</translation>
    </message>
    <message>
        <source>context tokens × p_c</source>
        <translation>Kontext-Tokens × p_c</translation>
    </message>
    <message>
        <source>H·d_v × p_out</source>
        <translation>H·d_v × p_out</translation>
    </message>
</context>
<context>
    <name>MatrixExportMenu</name>
    <message>
        <source>Export %1 as %2</source>
        <translation>%1 als %2 exportieren</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 is binary: save it to a file</source>
        <translation>%1 ist binär: speichern Sie es in eine Datei</translation>
    </message>
    <message>
        <source>Save as %1…</source>
        <translation>Als %1 speichern…</translation>
    </message>
    <message>
        <source>Copy as %1</source>
        <translation>Als %1 kopieren</translation>
    </message>
</context>
<context>
    <name>NetworkComparison</name>
    <message>
        <source>patching reads a prediction: this model has no LM head</source>
        <translation>Patchen liest eine Vorhersage: dieses Modell hat keinen LM-Kopf</translation>
    </message>
</context>
<context>
    <name>NetworkController</name>
    <message>
        <source>running the model…</source>
        <translation>das Modell rechnet…</translation>
    </message>
</context>
<context>
    <name>NetworkInterventions</name>
    <message>
        <source>steering needs a layer of the model and a finite scale</source>
        <translation>Steuern braucht eine Schicht des Modells und einen endlichen Faktor</translation>
    </message>
    <message>
        <source>steering needs two texts, neither empty</source>
        <translation>Steuern braucht zwei Texte, keinen davon leer</translation>
    </message>
</context>
<context>
    <name>NetworkRunner</name>
    <message>
        <source>not enough memory</source>
        <translation>nicht genug Speicher</translation>
    </message>
    <message>
        <source>The edited head fits only the text it was taken from: this text runs without it.</source>
        <translation>Der bearbeitete Kopf passt nur zu dem Text, aus dem er stammt: Dieser Text läuft ohne ihn.</translation>
    </message>
</context>
<context>
    <name>NumberFormat</name>
    <message>
        <source>the pasted rows differ in length: row 1 has %1 numbers, row %2 has %3</source>
        <translation>die eingefügten Zeilen sind unterschiedlich lang: Zeile 1 hat %1 Zahlen, Zeile %2 hat %3</translation>
    </message>
    <message>
        <source>row %1, column %2</source>
        <translation>Zeile %1, Spalte %2</translation>
    </message>
    <message>
        <source>“%1” (%2 of the pasted text) is not a number</source>
        <translation>„%1“ (%2 des eingefügten Texts) ist keine Zahl</translation>
    </message>
    <message>
        <source>“%1” (%2 of the pasted text) %3</source>
        <translation>„%1“ (%2 des eingefügten Texts) %3</translation>
    </message>
    <message>
        <source>the pasted text, %1</source>
        <translation>der eingefügte Text, %1</translation>
    </message>
    <message>
        <source>the pasted text holds no numbers</source>
        <translation>der eingefügte Text enthält keine Zahlen</translation>
    </message>
</context>
<context>
    <name>OnlineSoftmaxWidget</name>
    <message>
        <source>block max</source>
        <translation>Block-Maximum</translation>
    </message>
    <message>
        <source>exp(m_old − m_new): what ℓ and acc are multiplied by when the maximum grows</source>
        <translation>exp(m_old − m_new): womit ℓ und acc multipliziert werden, wenn das Maximum wächst</translation>
    </message>
    <message>
        <source>the running sum of exp(logit − m)</source>
        <translation>die laufende Summe von exp(logit − m)</translation>
    </message>
    <message>
        <source>the running sum of exp(logit − m)·V[key]</source>
        <translation>die laufende Summe von exp(logit − m)·V[key]</translation>
    </message>
</context>
<context>
    <name>OptionsCommand</name>
    <message>
        <source>Toggle mask cell (%1, %2)</source>
        <translation>Maskenzelle (%1, %2) umschalten</translation>
    </message>
</context>
<context>
    <name>PageFeatures</name>
    <message>
        <source>Export interactive &amp;page (HTML)…</source>
        <translation>Interaktive &amp;Seite exportieren (HTML)…</translation>
    </message>
    <message>
        <source>One file students open in any browser, offline or on a phone: the heatmaps with every cell&apos;s derivation, the lesson&apos;s steps</source>
        <translation>Eine Datei, die Lernende in jedem Browser öffnen, offline oder am Telefon: die Heatmaps mit der Herleitung jeder Zelle, die Schritte der Lektion</translation>
    </message>
    <message>
        <source>Export interactive page</source>
        <translation>Interaktive Seite exportieren</translation>
    </message>
    <message>
        <source>Web page (*.html)</source>
        <translation>Webseite (*.html)</translation>
    </message>
    <message>
        <source>Writing the interactive page…</source>
        <translation>Die interaktive Seite wird geschrieben…</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>the interactive page</source>
        <translation>die interaktive Seite</translation>
    </message>
    <message>
        <source>Interactive page</source>
        <translation>Interaktive Seite</translation>
    </message>
</context>
<context>
    <name>PenOverlay</name>
    <message>
        <source>&amp;Pen</source>
        <translation>&amp;Stift</translation>
    </message>
    <message>
        <source>Draw over the window: circle a cell, Shift+drag for an arrow; 1, 2, 3 change the colour, Esc clears</source>
        <translation>Über das Fenster zeichnen: eine Zelle einkreisen, Umschalt+Ziehen für einen Pfeil; 1, 2, 3 wechseln die Farbe, Esc löscht</translation>
    </message>
    <message>
        <source>Pen: &amp;red</source>
        <translation>Stift: &amp;rot</translation>
    </message>
    <message>
        <source>Pen: &amp;blue</source>
        <translation>Stift: &amp;blau</translation>
    </message>
    <message>
        <source>Pen: &amp;green</source>
        <translation>Stift: &amp;grün</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>Worked example (from Vector to Matrix)</source>
        <translation>Rechenbeispiel („From Vector to Matrix“)</translation>
    </message>
    <message>
        <source>The article&apos;s 4 tokens, X 4×4, Wq/Wk/Wv 4×3: output row 0 is 3.9492 7.8588 3.9577</source>
        <translation>Die 4 Tokens des Artikels, X 4×4, Wq/Wk/Wv 4×3: Ausgabezeile 0 ist 3.9492 7.8588 3.9577</translation>
    </message>
    <message>
        <source>Random example</source>
        <translation>Zufallsbeispiel</translation>
    </message>
    <message>
        <source>6 tokens, p = 8, d_k = d_v = 4, random normal values (seed 7)</source>
        <translation>6 Tokens, p = 8, d_k = d_v = 4, normalverteilte Zufallswerte (Startwert 7)</translation>
    </message>
    <message>
        <source>Causal (decoder) attention</source>
        <translation>Kausale (Decoder-)Attention</translation>
    </message>
    <message>
        <source>The worked example with a causal mask: each token sees only itself and earlier tokens</source>
        <translation>Das Rechenbeispiel mit kausaler Maske: jedes Token sieht nur sich selbst und frühere Tokens</translation>
    </message>
    <message>
        <source>Coreference: “it” → “animal”</source>
        <translation>Koreferenz: „it“ → „animal“</translation>
    </message>
    <message>
        <source>“it” attends most to “animal”: its query asks for a noun, and the “tired” it carries asks for an animate one</source>
        <translation>„it“ achtet am stärksten auf „animal“: seine Query sucht ein Substantiv, und das mitgetragene „tired“ verlangt ein belebtes</translation>
    </message>
    <message>
        <source>Cross-attention (encoder–decoder)</source>
        <translation>Cross-Attention (Encoder–Decoder)</translation>
    </message>
    <message>
        <source>English decoder queries “the cat sleeps” attend to the French encoder&apos;s keys “le chat dort .”</source>
        <translation>Englische Decoder-Queries „the cat sleeps“ achten auf die Keys des französischen Encoders „le chat dort .“</translation>
    </message>
    <message>
        <source>Three heads: previous, same, first token</source>
        <translation>Drei Köpfe: vorheriges, gleiches, erstes Token</translation>
    </message>
    <message>
        <source>Embeddings are one-hot positions: head 0 attends to the previous token, head 1 to the same token, head 2 to the first token</source>
        <translation>Die Einbettungen sind one-hot Positionen: Kopf 0 achtet auf das vorherige Token, Kopf 1 auf dasselbe Token, Kopf 2 auf das erste Token</translation>
    </message>
    <message>
        <source>Two heads and Wo</source>
        <translation>Zwei Köpfe und Wo</translation>
    </message>
    <message>
        <source>The worked example plus a random second head; Wo (6×4) mixes the concatenated outputs</source>
        <translation>Das Rechenbeispiel plus ein zufälliger zweiter Kopf; Wo (6×4) mischt die verketteten Ausgaben</translation>
    </message>
    <message>
        <source>Five tokens, d_model = d_k = 512</source>
        <translation>Fünf Tokens, d_model = d_k = 512</translation>
    </message>
    <message>
        <source>5 tokens at d_model = d_k = d_v = 512, random weights with std 1/√512 (seed 512): scaled logits stay near ±1</source>
        <translation>5 Tokens bei d_model = d_k = d_v = 512, Zufallsgewichte mit Standardabweichung 1/√512 (Startwert 512): skalierte Logits bleiben nahe ±1</translation>
    </message>
    <message>
        <source>Softmax saturation (unscaled, d_k = 512)</source>
        <translation>Softmax-Sättigung (unskaliert, d_k = 512)</translation>
    </message>
    <message>
        <source>d_k = 512 without the 1/√d_k: logits span −44 to 58, so softmax puts &gt; 99% on one key in every row — tick “scale the scores” to compare</source>
        <translation>d_k = 512 ohne 1/√d_k: die Logits reichen von −44 bis 58, daher legt die Softmax in jeder Zeile &gt; 99 % auf einen Key – setzen Sie zum Vergleich „Scores skalieren“</translation>
    </message>
</context>
<context>
    <name>PresetsMenu</name>
    <message>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Cannot load the preset “%1”:
%2</source>
        <translation>Die Vorlage „%1“ kann nicht geladen werden:
%2</translation>
    </message>
</context>
<context>
    <name>ReadoutsView</name>
    <message>
        <source>&amp;Entropy in:</source>
        <translation>&amp;Entropie in:</translation>
    </message>
    <message>
        <source>nats (ln)</source>
        <translation>nats (ln)</translation>
    </message>
    <message>
        <source>bits (log₂)</source>
        <translation>Bits (log₂)</translation>
    </message>
</context>
<context>
    <name>RecoveryFile</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot lock %1</source>
        <translation>%1 kann nicht gesperrt werden</translation>
    </message>
</context>
<context>
    <name>RunReadings</name>
    <message>
        <source>this model has no LM head: nothing to attribute</source>
        <translation>dieses Modell hat keinen LM-Kopf: nichts zuzuordnen</translation>
    </message>
    <message>
        <source>cancelled: ask again to read it</source>
        <translation>abgebrochen: erneut anfordern, um es zu lesen</translation>
    </message>
</context>
<context>
    <name>SessionPrompts</name>
    <message>
        <source>attnviz sessions (*.attnviz *.json);;All files (*)</source>
        <translation>attnviz-Sitzungen (*.attnviz *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>attnviz session (*.attnviz);;attnviz session as JSON (*.json)</source>
        <translation>attnviz-Sitzung (*.attnviz);;attnviz-Sitzung als JSON (*.json)</translation>
    </message>
    <message>
        <source>Save the changes to “%1”?</source>
        <translation>Änderungen an „%1“ speichern?</translation>
    </message>
    <message>
        <source>Your changes are lost if you don&apos;t save them.</source>
        <translation>Ihre Änderungen gehen verloren, wenn Sie sie nicht speichern.</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
</context>
<context>
    <name>TokenCommand</name>
    <message>
        <source>Rename context token %1 to “%2”</source>
        <translation>Kontext-Token %1 in „%2“ umbenennen</translation>
    </message>
    <message>
        <source>Rename token %1 to “%2”</source>
        <translation>Token %1 in „%2“ umbenennen</translation>
    </message>
</context>
<context>
    <name>TrainPanel</name>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
</context>
<context>
    <name>TrainingTask</name>
    <message>
        <source>every token attends to the first token of its sequence (causal): the keys learn to recognise position 0</source>
        <translation>jedes Token achtet auf das erste Token seiner Folge (kausal): die Keys lernen, Position 0 zu erkennen</translation>
    </message>
    <message>
        <source>each query attends to the context token equal to its own (cross-attention): Wq·Wkᵀ learns to be a scaled identity</source>
        <translation>jede Query achtet auf das Kontext-Token, das ihrem eigenen gleicht (Cross-Attention): Wq·Wkᵀ lernt, eine skalierte Einheitsmatrix zu sein</translation>
    </message>
    <message>
        <source>every token attends to the token just before it (causal): the queries and keys learn an offset of one position</source>
        <translation>jedes Token achtet auf das Token direkt davor (kausal): die Queries und Keys lernen einen Abstand von einer Position</translation>
    </message>
</context>
<context>
    <name>VectorFormView</name>
    <message>
        <source>… (%1 terms)</source>
        <translation>… (%1 Terme)</translation>
    </message>
</context>
<context>
    <name>WhatIfPanel</name>
    <message>
        <source>&amp;Compute the what-ifs</source>
        <translation>Die Was-wäre-wenn-Fälle &amp;berechnen</translation>
    </message>
    <message>
        <source>Each demonstration computes on a copy of the inputs: the document is not changed (except by the d_k = 512 button, which Ctrl+Z undoes).</source>
        <translation>Jede Demonstration rechnet auf einer Kopie der Eingaben: das Dokument bleibt unverändert (außer durch die Schaltfläche d_k = 512, die Strg+Z rückgängig macht).</translation>
    </message>
</context>
<context>
    <name>WindowAssembler</name>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Sizes and options</source>
        <translation>Größen und Optionen</translation>
    </message>
    <message>
        <source>Inputs — type, wheel or paste to edit</source>
        <translation>Eingaben – tippen, Mausrad oder einfügen zum Bearbeiten</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>wird berechnet…</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
</context>
<context>
    <name>WindowTour</name>
    <message>
        <source>Sizes and options</source>
        <translation>Größen und Optionen</translation>
    </message>
    <message>
        <source>Choose the sizes (tokens n, d&lt;sub&gt;k&lt;/sub&gt;, d&lt;sub&gt;v&lt;/sub&gt;, heads) and the options: scaling, causal mask, temperature, the layout (tokens as rows or as columns). Ready-made examples are in the Presets menu.</source>
        <translation>Wählen Sie die Größen (Tokens n, d&lt;sub&gt;k&lt;/sub&gt;, d&lt;sub&gt;v&lt;/sub&gt;, Köpfe) und die Optionen: Skalierung, kausale Maske, Temperatur, das Layout (Tokens als Zeilen oder als Spalten). Fertige Beispiele stehen im Menü Vorlagen.</translation>
    </message>
    <message>
        <source>The inputs</source>
        <translation>Die Eingaben</translation>
    </message>
    <message>
        <source>The tokens, X and the current head&apos;s Wq, Wk, Wv. Type into a cell, paste a block, or turn the mouse wheel over it: every stage updates at once, and Ctrl+Z undoes.</source>
        <translation>Die Tokens, X und Wq, Wk, Wv des aktuellen Kopfes. Tippen Sie in eine Zelle, fügen Sie einen Block ein oder drehen Sie das Mausrad darüber: jede Stufe aktualisiert sich sofort, und Strg+Z macht es rückgängig.</translation>
    </message>
    <message>
        <source>Every stage as a heatmap</source>
        <translation>Jede Stufe als Heatmap</translation>
    </message>
    <message>
        <source>Q, K, V, the scores, the logits, the weights and the output, each titled with its formula. Hover a cell for its exact value, click one to select its query, right-click to export.</source>
        <translation>Q, K, V, die Scores, die Logits, die Gewichte und die Ausgabe, jede mit ihrer Formel betitelt. Zeigen Sie auf eine Zelle für ihren genauen Wert, klicken Sie, um ihre Query zu wählen, Rechtsklick zum Exportieren.</translation>
    </message>
    <message>
        <source>The attention weights</source>
        <translation>Die Attention-Gewichte</translation>
    </message>
    <message>
        <source>softmax of the scaled scores: row i says how much query i attends to each key, and every row sums to 1.</source>
        <translation>Softmax der skalierten Scores: Zeile i sagt, wie stark Query i auf jeden Key achtet, und jede Zeile summiert sich zu 1.</translation>
    </message>
    <message>
        <source>The selected query&apos;s output</source>
        <translation>Die Ausgabe der gewählten Query</translation>
    </message>
    <message>
        <source>Its output row as a weighted average of V&apos;s rows, term by term, with the weights summing to 1.</source>
        <translation>Ihre Ausgabezeile als gewichteter Mittelwert der Zeilen von V, Term für Term, mit Gewichten, die sich zu 1 summieren.</translation>
    </message>
    <message>
        <source>Interpretations</source>
        <translation>Interpretationen</translation>
    </message>
    <message>
        <source>Four readings of each product (a dot product, rows, columns, a sum of outer products), played term by term with Space. View › Interpretations, Ctrl+Shift+I.</source>
        <translation>Vier Lesarten jedes Produkts (ein Skalarprodukt, Zeilen, Spalten, eine Summe äußerer Produkte), Term für Term mit der Leertaste abgespielt. Ansicht › Interpretationen, Strg+Umschalt+I.</translation>
    </message>
    <message>
        <source>The lesson</source>
        <translation>Die Lektion</translation>
    </message>
    <message>
        <source>A guided walk through attention on the numbers shown: F5 starts it, Page Down and Page Up move between its steps.</source>
        <translation>Ein geführter Weg durch Attention mit den angezeigten Zahlen: F5 startet ihn, Bild ab und Bild auf wechseln zwischen den Schritten.</translation>
    </message>
    <message>
        <source>&amp;Tour of the window</source>
        <translation>&amp;Rundgang durch das Fenster</translation>
    </message>
</context>
<context>
    <name>Worksheet</name>
    <message>
        <source>there is no head %1 (the session has %2)</source>
        <translation>es gibt keinen Kopf %1 (die Sitzung hat %2)</translation>
    </message>
    <message>
        <source>%1 tokens (%2), d&lt;sub&gt;k&lt;/sub&gt; = %3</source>
        <translation>%1 Tokens (%2), d&lt;sub&gt;k&lt;/sub&gt; = %3</translation>
    </message>
    <message>
        <source>, head %1 of %2</source>
        <translation>, Kopf %1 von %2</translation>
    </message>
    <message>
        <source> — sheet %1</source>
        <translation> — Blatt %1</translation>
    </message>
    <message>
        <source>Attention by hand: worksheet</source>
        <translation>Attention von Hand: Arbeitsblatt</translation>
    </message>
    <message>
        <source>the PDF could not be started</source>
        <translation>das PDF konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>Attention by hand</source>
        <translation>Attention von Hand</translation>
    </message>
    <message>
        <source>Work with the numbers as printed; round to two decimals. Name the key for the last kind of question, and say why.</source>
        <translation>Rechnen Sie mit den gedruckten Zahlen; runden Sie auf zwei Nachkommastellen. Nennen Sie bei der letzten Art Frage den Schlüssel und sagen Sie, warum.</translation>
    </message>
    <message>
        <source>Answer key</source>
        <translation>Lösungen</translation>
    </message>
</context>
<context>
    <name>WorksheetFeatures</name>
    <message>
        <source>Worksheet</source>
        <translation>Arbeitsblatt</translation>
    </message>
    <message>
        <source>The same sheet number gives the same exercises: print it again, or pick another number for another sheet</source>
        <translation>Dieselbe Blattnummer gibt dieselben Übungen: drucken Sie es erneut, oder wählen Sie eine andere Nummer für ein anderes Blatt</translation>
    </message>
    <message>
        <source>Exercises:</source>
        <translation>Übungen:</translation>
    </message>
    <message>
        <source>Sheet number:</source>
        <translation>Blattnummer:</translation>
    </message>
    <message>
        <source>nothing is computed yet</source>
        <translation>noch ist nichts berechnet</translation>
    </message>
    <message>
        <source>Export &amp;worksheet (PDF)…</source>
        <translation>&amp;Arbeitsblatt exportieren (PDF)…</translation>
    </message>
    <message>
        <source>Exercises on the numbers shown, with room to write and the answer key on a page of its own</source>
        <translation>Übungen zu den gezeigten Zahlen, mit Platz zum Schreiben und den Lösungen auf einer eigenen Seite</translation>
    </message>
    <message>
        <source>Export worksheet</source>
        <translation>Arbeitsblatt exportieren</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>worksheet</source>
        <translation>Arbeitsblatt</translation>
    </message>
</context>
<context>
    <name>attn</name>
    <message>
        <source>exercise: no result of head %1 to make an exercise of</source>
        <translation>Übung: kein Ergebnis von Kopf %1, aus dem eine Übung werden kann</translation>
    </message>
    <message>
        <source>exercise: the result is not one of these inputs</source>
        <translation>Übung: das Ergebnis gehört nicht zu diesen Eingaben</translation>
    </message>
    <message>
        <source>A score</source>
        <translation>Ein Score</translation>
    </message>
    <message>
        <source>Compute the score of query %1 and key %2, %3 = Σ q·k.</source>
        <translation>Berechnen Sie den Score von Anfrage %1 und Schlüssel %2, %3 = Σ q·k.</translation>
    </message>
    <message>
        <source>Only features %1 of d&lt;sub&gt;k&lt;/sub&gt; = %2: the sum of those %3 products.</source>
        <translation>Nur die Merkmale %1 von d&lt;sub&gt;k&lt;/sub&gt; = %2: die Summe dieser %3 Produkte.</translation>
    </message>
    <message>
        <source>features %1</source>
        <translation>Merkmale %1</translation>
    </message>
    <message>
        <source>Over all the features, as the score&apos;s tooltip computes it:</source>
        <translation>Über alle Merkmale, wie der Tooltip des Scores rechnet:</translation>
    </message>
    <message>
        <source>A scaled logit</source>
        <translation>Ein skalierter Logit</translation>
    </message>
    <message>
        <source>The score of query %1 and key %2 is %3. Compute its logit:&lt;br&gt;l%4 = %5 = %6 = ?</source>
        <translation>Der Score von Anfrage %1 und Schlüssel %2 ist %3. Berechnen Sie seinen Logit:&lt;br&gt;l%4 = %5 = %6 = ?</translation>
    </message>
    <message>
        <source>(d&lt;sub&gt;k&lt;/sub&gt; = %1)</source>
        <translation>(d&lt;sub&gt;k&lt;/sub&gt; = %1)</translation>
    </message>
    <message>
        <source>The softmax of a row</source>
        <translation>Der Softmax einer Zeile</translation>
    </message>
    <message>
        <source>Compute the weights of query %1: the softmax of its logits over the keys %2.</source>
        <translation>Berechnen Sie die Gewichte von Anfrage %1: den Softmax ihrer Logits über die Schlüssel %2.</translation>
    </message>
    <message>
        <source>largest logit: %1&lt;br&gt;</source>
        <translation>größter Logit: %1&lt;br&gt;</translation>
    </message>
    <message>
        <source>The whole row, as the tooltip of the largest weight computes it:</source>
        <translation>Die ganze Zeile, wie der Tooltip des größten Gewichts rechnet:</translation>
    </message>
    <message>
        <source>The tooltip of the largest weight:</source>
        <translation>Der Tooltip des größten Gewichts:</translation>
    </message>
    <message>
        <source>One output cell</source>
        <translation>Eine Zelle der Ausgabe</translation>
    </message>
    <message>
        <source>Over every key, as the output&apos;s tooltip computes it:</source>
        <translation>Über jeden Schlüssel, wie der Tooltip der Ausgabe rechnet:</translation>
    </message>
    <message>
        <source>Which key wins</source>
        <translation>Welcher Schlüssel gewinnt</translation>
    </message>
    <message>
        <source>Which key gets query %1&apos;s largest weight: %2? Why?</source>
        <translation>Welcher Schlüssel bekommt das größte Gewicht von Anfrage %1: %2? Warum?</translation>
    </message>
    <message>
        <source>(Among these %1 keys only.)</source>
        <translation>(Nur unter diesen %1 Schlüsseln.)</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>Schlüssel %1</translation>
    </message>
    <message>
        <source>%1 has the largest score q·k: its key points most the way the query does. Scaling keeps the order of the scores, and exp only grows, so the softmax gives it the largest weight.</source>
        <translation>%1 hat den größten Score q·k: sein Schlüssel zeigt am meisten in die Richtung der Anfrage. Das Skalieren erhält die Reihenfolge der Scores, und exp wächst nur, also gibt der Softmax ihm das größte Gewicht.</translation>
    </message>
    <message>
        <source>%1 has the largest logit, and exp only grows, so the softmax gives it the largest weight.</source>
        <translation>%1 hat den größten Logit, und exp wächst nur, also gibt der Softmax ihm das größte Gewicht.</translation>
    </message>
    <message>
        <source>Its weight, as the tooltip computes it:</source>
        <translation>Sein Gewicht, wie der Tooltip rechnet:</translation>
    </message>
    <message>
        <source>exercises: the count must be 1 to %1, not %2</source>
        <translation>Übungen: die Anzahl muss 1 bis %1 sein, nicht %2</translation>
    </message>
    <message>
        <source>Type one of the keys: its name or its index (k2 or 2)</source>
        <translation>Geben Sie einen der Schlüssel ein: seinen Namen oder seinen Index (k2 oder 2)</translation>
    </message>
    <message>
        <source>Right: %1</source>
        <translation>Richtig: %1</translation>
    </message>
    <message>
        <source>Not %1: another key weighs more</source>
        <translation>Nicht %1: ein anderer Schlüssel wiegt mehr</translation>
    </message>
    <message>
        <source>Type one number</source>
        <translation>Geben Sie eine Zahl ein</translation>
    </message>
    <message>
        <source>Type %1 numbers, one per key</source>
        <translation>Geben Sie %1 Zahlen ein, eine je Schlüssel</translation>
    </message>
    <message>
        <source>Close: check the rounding (Reveal shows the exact value)</source>
        <translation>Knapp: prüfen Sie das Runden (Auflösen zeigt den genauen Wert)</translation>
    </message>
    <message>
        <source>Not yet: try again, or Reveal the solution</source>
        <translation>Noch nicht: versuchen Sie es erneut, oder lösen Sie auf</translation>
    </message>
    <message>
        <source>L%1H%2</source>
        <translation>L%1H%2</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Not formed yet (step %1). Press Play and watch the solid lines of the score plot: the numbers of this step fill in once a head passes %2.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Noch nicht entstanden (Schritt %1). Drücken Sie Abspielen und beobachten Sie die durchgezogenen Linien der Wertekurven: die Zahlen dieses Schritts erscheinen, sobald ein Kopf %2 überschreitet.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>1. The task: random tokens that repeat</source>
        <translation>1. Die Aufgabe: zufällige Tokens, die sich wiederholen</translation>
    </message>
    <message>
        <source>2. Layer 0: a previous-token head</source>
        <translation>2. Schicht 0: ein Vorgänger-Kopf</translation>
    </message>
    <message>
        <source>&lt;p&gt;Head &lt;b&gt;%1&lt;/b&gt; puts &lt;b&gt;%2&lt;/b&gt; of its weight on the token just before each position (its previous-token score; spread evenly it would put about 10%). Its output, added to the residual stream, tells every position &lt;i&gt;which token came before me&lt;/i&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Kopf &lt;b&gt;%1&lt;/b&gt; legt &lt;b&gt;%2&lt;/b&gt; seines Gewichts auf das Token direkt vor jeder Position (sein Vorgänger-Wert; gleichmäßig verteilt wären es etwa 10%). Seine Ausgabe, zum Residualstrom addiert, sagt jeder Position, &lt;i&gt;welches Token vor mir kam&lt;/i&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>3. Layer 1: an induction head</source>
        <translation>3. Schicht 1: ein Induktionskopf</translation>
    </message>
    <message>
        <source>&lt;p&gt;Best so far: head &lt;b&gt;%1&lt;/b&gt;, induction score &lt;b&gt;%2&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Bisher am besten: Kopf &lt;b&gt;%1&lt;/b&gt;, Induktionswert &lt;b&gt;%2&lt;/b&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Head &lt;b&gt;%1&lt;/b&gt;: at a token of the repeat it looks at the position &lt;i&gt;after&lt;/i&gt; that token&apos;s earlier occurrence, and copies what it finds there. Its induction score, the mean weight there over the second half, is &lt;b&gt;%2&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Kopf &lt;b&gt;%1&lt;/b&gt;: an einem Token der Wiederholung schaut er auf die Position &lt;i&gt;nach&lt;/i&gt; dem früheren Auftreten dieses Tokens und kopiert, was er dort findet. Sein Induktionswert, das mittlere Gewicht dort über die zweite Hälfte, ist &lt;b&gt;%2&lt;/b&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Example: at position %1, token %2, it puts &lt;b&gt;%3&lt;/b&gt; of its weight on position %4, token %5, which is what comes next.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Beispiel: an Position %1, Token %2, legt er &lt;b&gt;%3&lt;/b&gt; seines Gewichts auf Position %4, Token %5, und das kommt als Nächstes.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>4. How it finds the place: keys that carry the previous token</source>
        <translation>4. Wie er die Stelle findet: Schlüssel, die das vorige Token tragen</translation>
    </message>
    <message>
        <source>&lt;p&gt;The query at position %1 holds token %2. The key it matches at position %3 does not hold %2: that position&apos;s token is %4. What the key holds is what head %5 wrote there, the token before it: at position %3 head %5 puts &lt;b&gt;%6&lt;/b&gt; of its weight on position %7, token %2.&lt;/p&gt;&lt;p&gt;So head %8 compares &lt;i&gt;my token&lt;/i&gt; with &lt;i&gt;your previous token&lt;/i&gt;. A head whose keys read what an earlier head wrote is &lt;b&gt;K-composition&lt;/b&gt;: two heads in two layers make one circuit.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die Anfrage an Position %1 hält Token %2. Der Schlüssel, den sie an Position %3 trifft, hält nicht %2: das Token dieser Position ist %4. Was der Schlüssel hält, hat Kopf %5 dort geschrieben, das Token davor: an Position %3 legt Kopf %5 &lt;b&gt;%6&lt;/b&gt; seines Gewichts auf Position %7, Token %2.&lt;/p&gt;&lt;p&gt;Kopf %8 vergleicht also &lt;i&gt;mein Token&lt;/i&gt; mit &lt;i&gt;deinem vorigen Token&lt;/i&gt;. Ein Kopf, dessen Schlüssel lesen, was ein früherer Kopf geschrieben hat, ist &lt;b&gt;K-Komposition&lt;/b&gt;: zwei Köpfe in zwei Schichten bilden einen Schaltkreis.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>5. Take layer 0&apos;s head away: the circuit breaks</source>
        <translation>5. Den Kopf von Schicht 0 wegnehmen: der Schaltkreis bricht</translation>
    </message>
    <message>
        <source>&lt;p&gt;Set head %1&apos;s output to 0 (an ablation) and run the same held-out sequences again:&lt;/p&gt;&lt;table cellpadding=&quot;3&quot;&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th&gt;%2&apos;s induction score&lt;/th&gt;&lt;th&gt;loss over the repeat&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;as trained&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%3&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;%1 zeroed&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&lt;b&gt;%5&lt;/b&gt;&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&lt;b&gt;%6&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;p&gt;Die Ausgabe von Kopf %1 auf 0 setzen (eine Ablation) und dieselben zurückgehaltenen Folgen erneut laufen lassen:&lt;/p&gt;&lt;table cellpadding=&quot;3&quot;&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th&gt;Induktionswert von %2&lt;/th&gt;&lt;th&gt;Verlust über die Wiederholung&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;wie trainiert&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%3&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;%1 auf 0&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&lt;b&gt;%5&lt;/b&gt;&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;&lt;b&gt;%6&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;%1 zeroed instead&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%2&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%3&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;stattdessen %1 auf 0&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%2&lt;/td&gt;&lt;td align=&quot;right&quot;&gt;%3&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;/table&gt;&lt;p&gt;Without the previous-token head the keys no longer say which token came before: the induction head loses its place. The circuit needs both.&lt;/p&gt;</source>
        <translation>&lt;/table&gt;&lt;p&gt;Ohne den Vorgänger-Kopf sagen die Schlüssel nicht mehr, welches Token davor kam: der Induktionskopf verliert seine Stelle. Der Schaltkreis braucht beide.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Only these %1 keys, as if the row had no others: part of the row, so its weights are written ã, not a (the heatmap&apos;s weights are over the whole row).</source>
        <translation>Nur diese %1 Keys, als hätte die Zeile keine anderen: ein Teil der Zeile, daher heißen ihre Gewichte ã, nicht a (die Gewichte der Heatmap gelten für die ganze Zeile).</translation>
    </message>
    <message>
        <source>Compute feature %1 of query %2&apos;s output: o%3,%1 = Σ&lt;sub&gt;j&lt;/sub&gt; a%3,j · v&lt;sub&gt;j,%1&lt;/sub&gt;.</source>
        <translation>Berechnen Sie Merkmal %1 der Ausgabe von Anfrage %2: o%3,%1 = Σ&lt;sub&gt;j&lt;/sub&gt; a%3,j · v&lt;sub&gt;j,%1&lt;/sub&gt;.</translation>
    </message>
    <message>
        <source>Only the %1 keys that weigh most (of %2): part of the row, so the sum is written õ, not the output o.</source>
        <translation>Nur die %1 Keys mit dem größten Gewicht (von %2): ein Teil der Zeile, daher heißt die Summe õ, nicht die Ausgabe o.</translation>
    </message>
    <message>
        <source>&lt;p&gt;The model reads sequences of random tokens, each drawn from %1, in which a run of tokens comes back a second time. Nothing about a single token can be predicted: a guess costs ln %1 = %2 per token. Only inside a repeat can the model do better, and only by looking back: &lt;i&gt;the last time this token came, what followed it?&lt;/i&gt;&lt;/p&gt;&lt;p&gt;Now, step %3: the loss over the repeat (held out), the mean over the repeated half of held-out sequences, is &lt;b&gt;%4&lt;/b&gt; (0 would be a perfect copy). The training loss beside it counts only the positions of the training batch that a copy predicts.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Das Modell liest Folgen zufälliger Tokens, jedes aus %1 gezogen, in denen eine Reihe von Tokens ein zweites Mal wiederkehrt. Über ein einzelnes Token lässt sich nichts vorhersagen: Raten kostet ln %1 = %2 je Token. Nur in einer Wiederholung kann das Modell es besser, und nur durch Zurückschauen: &lt;i&gt;Was folgte, als dieses Token zuletzt kam?&lt;/i&gt;&lt;/p&gt;&lt;p&gt;Jetzt, Schritt %3: der Verlust über die Wiederholung (zurückgehalten), der Mittelwert über die wiederholte Hälfte zurückgehaltener Folgen, ist &lt;b&gt;%4&lt;/b&gt; (0 wäre eine perfekte Kopie). Der Trainingsverlust daneben zählt nur die Positionen des Trainings-Batches, die eine Kopie vorhersagt.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>attn::analysis</name>
    <message>
        <source>decoding with a KV cache needs self-attention: with a context, the keys and values come from the context and do not grow token by token</source>
        <translation>Dekodieren mit einem KV-Cache braucht Self-Attention: mit einem Kontext kommen die Keys und Values aus dem Kontext und wachsen nicht Token für Token</translation>
    </message>
    <message>
        <source>head %1 is out of range (0..%2)</source>
        <translation>Kopf %1 liegt außerhalb des Bereichs (0..%2)</translation>
    </message>
    <message>
        <source>the number of decoded tokens must be 0..%1, got %2</source>
        <translation>die Anzahl dekodierter Tokens muss 0..%1 sein, nicht %2</translation>
    </message>
    <message>
        <source>the kernels work on the row layout&apos;s result</source>
        <translation>die Kernel arbeiten mit dem Ergebnis des Zeilenlayouts</translation>
    </message>
    <message>
        <source>head %1 is out of range: there is 1 head (head 0)</source>
        <translation>Kopf %1 liegt außerhalb des Bereichs: es gibt 1 Kopf (Kopf 0)</translation>
    </message>
    <message>
        <source>head %1 is out of range: there are %2 heads (0..%3)</source>
        <translation>Kopf %1 liegt außerhalb des Bereichs: es gibt %2 Köpfe (0..%3)</translation>
    </message>
    <message>
        <source>row %1 is out of range: there is 1 query (row 0)</source>
        <translation>Zeile %1 liegt außerhalb des Bereichs: es gibt 1 Query (Zeile 0)</translation>
    </message>
    <message>
        <source>row %1 is out of range: there are %2 queries (rows 0..%3)</source>
        <translation>Zeile %1 liegt außerhalb des Bereichs: es gibt %2 Queries (Zeilen 0..%3)</translation>
    </message>
    <message>
        <source>the key block size must be at least 1, got %1</source>
        <translation>die Key-Blockgröße muss mindestens 1 sein, nicht %1</translation>
    </message>
    <message>
        <source>the block sizes must be at least 1, got %1 and %2</source>
        <translation>die Blockgrößen müssen mindestens 1 sein, nicht %1 und %2</translation>
    </message>
    <message>
        <source>the tile size must be at least 1×1×1, got %1×%2×%3</source>
        <translation>die Kachelgröße muss mindestens 1×1×1 sein, nicht %1×%2×%3</translation>
    </message>
    <message>
        <source>the product needs A&apos;s columns (%1) to equal B&apos;s rows (%2)</source>
        <translation>das Produkt braucht so viele Spalten von A (%1) wie Zeilen von B (%2)</translation>
    </message>
    <message>
        <source>step %1 is out of range (0..%2)</source>
        <translation>Schritt %1 liegt außerhalb des Bereichs (0..%2)</translation>
    </message>
</context>
<context>
    <name>attn::checkpoint</name>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1: the tensor &quot;%2&quot; is missing</source>
        <translation>%1: der Tensor &quot;%2&quot; fehlt</translation>
    </message>
    <message>
        <source>%1: the tensor &quot;%2&quot; is %3, not a float (F64, F32, F16 or BF16)</source>
        <translation>%1: der Tensor &quot;%2&quot; ist %3, keine Gleitkommazahl (F64, F32, F16 oder BF16)</translation>
    </message>
    <message>
        <source>%1: the tensor &quot;%2&quot; has the shape %3, expected %4</source>
        <translation>%1: der Tensor &quot;%2&quot; hat die Form %3, erwartet %4</translation>
    </message>
    <message>
        <source>%1: no such folder</source>
        <translation>%1: kein solcher Ordner</translation>
    </message>
    <message>
        <source>%1: missing (a checkpoint folder has config.json)</source>
        <translation>%1: fehlt (ein Checkpoint-Ordner hat config.json)</translation>
    </message>
    <message>
        <source>%1: the shard %2 it names is missing</source>
        <translation>%1: der darin genannte Shard %2 fehlt</translation>
    </message>
    <message>
        <source>%1: PyTorch pickles are not read (they can run code); convert the checkpoint to safetensors (model.safetensors)</source>
        <translation>%1: PyTorch-Pickles werden nicht gelesen (sie können Code ausführen); wandeln Sie den Checkpoint in safetensors um (model.safetensors)</translation>
    </message>
    <message>
        <source>%1: no model.safetensors or model.safetensors.index.json</source>
        <translation>%1: weder model.safetensors noch model.safetensors.index.json</translation>
    </message>
    <message>
        <source>%1: cannot map: %2</source>
        <translation>%1: kann nicht in den Speicher abgebildet werden: %2</translation>
    </message>
    <message>
        <source>%1: the tensor &quot;%2&quot; is in two files</source>
        <translation>%1: der Tensor &quot;%2&quot; steht in zwei Dateien</translation>
    </message>
    <message>
        <source>the field %1 is missing</source>
        <translation>das Feld %1 fehlt</translation>
    </message>
    <message>
        <source>the field %1 is not a whole number ≥ 1</source>
        <translation>das Feld %1 ist keine ganze Zahl ≥ 1</translation>
    </message>
    <message>
        <source>the field %1 is not a positive number</source>
        <translation>das Feld %1 ist keine positive Zahl</translation>
    </message>
    <message>
        <source>the field %1 is not true or false</source>
        <translation>das Feld %1 ist weder true noch false</translation>
    </message>
    <message>
        <source>the field %1 is not a text</source>
        <translation>das Feld %1 ist kein Text</translation>
    </message>
    <message>
        <source>the activation %1 = %2 is not supported</source>
        <translation>die Aktivierung %1 = %2 wird nicht unterstützt</translation>
    </message>
    <message>
        <source>&quot;scale_attn_weights&quot;: false is not supported (scores are divided by √d_k)</source>
        <translation>&quot;scale_attn_weights&quot;: false wird nicht unterstützt (Scores werden durch √d_k geteilt)</translation>
    </message>
    <message>
        <source>&quot;scale_attn_by_inverse_layer_idx&quot;: true is not supported</source>
        <translation>&quot;scale_attn_by_inverse_layer_idx&quot;: true wird nicht unterstützt</translation>
    </message>
    <message>
        <source>n_head %1 does not divide n_embd %2</source>
        <translation>n_head %1 teilt n_embd %2 nicht</translation>
    </message>
    <message>
        <source>num_attention_heads %1 does not divide hidden_size %2</source>
        <translation>num_attention_heads %1 teilt hidden_size %2 nicht</translation>
    </message>
    <message>
        <source>head_dim %1 is odd: RoPE rotates pairs</source>
        <translation>head_dim %1 ist ungerade: RoPE dreht Paare</translation>
    </message>
    <message>
        <source>num_key_value_heads %1 does not divide num_attention_heads %2</source>
        <translation>num_key_value_heads %1 teilt num_attention_heads %2 nicht</translation>
    </message>
    <message>
        <source>&quot;use_sliding_window&quot;: true is not supported</source>
        <translation>&quot;use_sliding_window&quot;: true wird nicht unterstützt</translation>
    </message>
    <message>
        <source>&quot;position_embedding_type&quot; %1 is not supported (absolute is)</source>
        <translation>&quot;position_embedding_type&quot; %1 wird nicht unterstützt (absolute schon)</translation>
    </message>
    <message>
        <source>not JSON (%1 at byte %2)</source>
        <translation>kein JSON (%1 bei Byte %2)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>it has no &quot;weight_map&quot; object</source>
        <translation>sie hat kein &quot;weight_map&quot;-Objekt</translation>
    </message>
    <message>
        <source>the shard of tensor &quot;%1&quot; is not a file name</source>
        <translation>der Shard des Tensors &quot;%1&quot; ist kein Dateiname</translation>
    </message>
    <message>
        <source>the shard &quot;%1&quot; of tensor &quot;%2&quot; is not a .safetensors file in the checkpoint&apos;s folder</source>
        <translation>der Shard &quot;%1&quot; des Tensors &quot;%2&quot; ist keine .safetensors-Datei im Ordner des Checkpoints</translation>
    </message>
    <message>
        <source>more than %1 shards</source>
        <translation>mehr als %1 Shards</translation>
    </message>
    <message>
        <source>its &quot;weight_map&quot; names no tensor</source>
        <translation>ihre &quot;weight_map&quot; nennt keinen Tensor</translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; at %3 is %4 (weights must be finite, at most 1e15 in magnitude)</source>
        <translation>%1: Tensor &quot;%2&quot; bei %3 ist %4 (Gewichte müssen endlich sein, höchstens 1e15 im Betrag)</translation>
    </message>
    <message>
        <source>there are no token ids to run</source>
        <translation>es gibt keine Token-IDs zum Ausführen</translation>
    </message>
    <message>
        <source>token id %1 (at position %2) is outside the vocabulary 0 … %3</source>
        <translation>Token-ID %1 (an Position %2) liegt außerhalb des Vokabulars 0 … %3</translation>
    </message>
    <message>
        <source>%1 tokens are more than the model&apos;s %2 positions</source>
        <translation>%1 Tokens sind mehr als die %2 Positionen des Modells</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>der Text</translation>
    </message>
    <message>
        <source>the tensor name &quot;%1&quot; is empty, reserved or given twice</source>
        <translation>der Tensorname &quot;%1&quot; ist leer, reserviert oder doppelt vergeben</translation>
    </message>
    <message>
        <source>the tensor &quot;%1&quot; has %2 values for its shape [%3]</source>
        <translation>der Tensor &quot;%1&quot; hat %2 Werte für seine Form [%3]</translation>
    </message>
    <message>
        <source>the tensor &quot;%1&quot; has the value %2 at %3: not a finite F32 number</source>
        <translation>der Tensor &quot;%1&quot; hat an der Stelle %3 den Wert %2: keine endliche F32-Zahl</translation>
    </message>
    <message>
        <source>cannot make the folder</source>
        <translation>der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1: %2 is an encoder; it has no next-token loss to train</source>
        <translation>%1: %2 ist ein Encoder; er hat keinen Verlust des nächsten Tokens, der trainiert werden könnte</translation>
    </message>
    <message>
        <source>the field %1 is not an object</source>
        <translation>das Feld %1 ist kein Objekt</translation>
    </message>
    <message>
        <source>&quot;rope_scaling&quot; of type %1 is not supported (llama3 and linear are)</source>
        <translation>&quot;rope_scaling&quot; vom Typ %1 wird nicht unterstützt (llama3 und linear schon)</translation>
    </message>
    <message>
        <source>&quot;rope_scaling&quot;: high_freq_factor %1 is not above low_freq_factor %2</source>
        <translation>&quot;rope_scaling&quot;: high_freq_factor %1 ist nicht größer als low_freq_factor %2</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>jeder Schicht</translation>
    </message>
    <message>
        <source>layers %1</source>
        <translation>den Schichten %1</translation>
    </message>
    <message>
        <source>LayerNorm after each sublayer</source>
        <translation>LayerNorm nach jeder Teilschicht</translation>
    </message>
    <message>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <source>RMSNorm</source>
        <translation>RMSNorm</translation>
    </message>
    <message>
        <source>RMSNorm with (1 + w)</source>
        <translation>RMSNorm mit (1 + w)</translation>
    </message>
    <message>
        <source>sandwich norms</source>
        <translation>Sandwich-Normen</translation>
    </message>
    <message>
        <source>learned positions</source>
        <translation>gelernte Positionen</translation>
    </message>
    <message>
        <source>RoPE θ %1</source>
        <translation>RoPE θ %1</translation>
    </message>
    <message>
        <source> (sliding layers %1)</source>
        <translation> (gleitende Schichten %1)</translation>
    </message>
    <message>
        <source> on %1 of %2 dimensions</source>
        <translation> auf %1 von %2 Dimensionen</translation>
    </message>
    <message>
        <source>, linear scaling ×%1</source>
        <translation>, lineare Skalierung ×%1</translation>
    </message>
    <message>
        <source>, llama3 scaling ×%1</source>
        <translation>, llama3-Skalierung ×%1</translation>
    </message>
    <message>
        <source>%1 heads share %2 key/value heads</source>
        <translation>%1 Köpfe teilen sich %2 Key/Value-Köpfe</translation>
    </message>
    <message>
        <source>q and k normalised per head</source>
        <translation>q und k je Kopf normalisiert</translation>
    </message>
    <message>
        <source>soft-capped attention (%1)</source>
        <translation>weich begrenzte Attention (%1)</translation>
    </message>
    <message>
        <source>soft-capped logits (%1)</source>
        <translation>weich begrenzte Logits (%1)</translation>
    </message>
    <message>
        <source>sliding window of %1 on %2</source>
        <translation>gleitendes Fenster von %1 auf %2</translation>
    </message>
    <message>
        <source>SwiGLU MLP</source>
        <translation>SwiGLU-MLP</translation>
    </message>
    <message>
        <source>GeGLU MLP</source>
        <translation>GeGLU-MLP</translation>
    </message>
    <message>
        <source>embeddings ×%1</source>
        <translation>Embeddings ×%1</translation>
    </message>
    <message>
        <source>tied LM head</source>
        <translation>gebundener LM-Kopf</translation>
    </message>
    <message>
        <source>separate LM head</source>
        <translation>eigener LM-Kopf</translation>
    </message>
    <message>
        <source>the model_type %1 is not supported (%2 are)</source>
        <translation>der model_type %1 wird nicht unterstützt (%2 schon)</translation>
    </message>
    <message>
        <source>&quot;layer_types&quot; names %1 layers, the model has %2</source>
        <translation>&quot;layer_types&quot; nennt %1 Schichten, das Modell hat %2</translation>
    </message>
    <message>
        <source>&quot;layer_types&quot; names %1, not sliding_attention or full_attention</source>
        <translation>&quot;layer_types&quot; nennt %1, nicht sliding_attention oder full_attention</translation>
    </message>
    <message>
        <source>&quot;partial_rotary_factor&quot; %1 is above 1</source>
        <translation>&quot;partial_rotary_factor&quot; %1 ist größer als 1</translation>
    </message>
    <message>
        <source>&quot;partial_rotary_factor&quot; %1 turns %2 dimensions of %3: RoPE rotates pairs</source>
        <translation>&quot;partial_rotary_factor&quot; %1 dreht %2 von %3 Dimensionen: RoPE dreht Paare</translation>
    </message>
    <message>
        <source>%1 heads share one key/value head</source>
        <translation>%1 Köpfe teilen sich einen Key/Value-Kopf</translation>
    </message>
    <message>
        <source>scores divided by √%1</source>
        <translation>Scores geteilt durch √%1</translation>
    </message>
    <message>
        <source>: missing</source>
        <translation>: fehlt</translation>
    </message>
    <message>
        <source>%1: the architecture &quot;%2&quot; is not read (%3 are)</source>
        <translation>%1: die Architektur „%2“ wird nicht gelesen (gelesen werden %3)</translation>
    </message>
    <message>
        <source>%1: biases of a Llama&apos;s q and k are not read</source>
        <translation>%1: Biases von q und k eines Llama werden nicht gelesen</translation>
    </message>
    <message>
        <source>%1: %2 is %3, but the heads have %4 dimensions (partial RoPE is not read)</source>
        <translation>%1: %2 ist %3, aber die Köpfe haben %4 Dimensionen (partielles RoPE wird nicht gelesen)</translation>
    </message>
    <message>
        <source>%1: tokenizer.ggml.tokens has %2 entries, but the vocabulary has %3 tokens</source>
        <translation>%1: tokenizer.ggml.tokens hat %2 Einträge, aber das Vokabular hat %3 Tokens</translation>
    </message>
    <message>
        <source>%1: %2 (Phi-3&apos;s longrope scaling) is not read</source>
        <translation>%1: %2 (die longrope-Skalierung von Phi-3) wird nicht gelesen</translation>
    </message>
    <message>
        <source> is %1, but a factor must be above 0 and at most 1e6</source>
        <translation> ist %1, aber ein Faktor muss über 0 und höchstens 1e6 sein</translation>
    </message>
    <message>
        <source>: RoPE scaling &quot;%1&quot; is not read (linear is)</source>
        <translation>: die RoPE-Skalierung „%1“ wird nicht gelesen (linear wird gelesen)</translation>
    </message>
    <message>
        <source>%1: rope_freqs.weight has %2 values, but RoPE turns %3 pairs</source>
        <translation>%1: rope_freqs.weight hat %2 Werte, aber RoPE dreht %3 Paare</translation>
    </message>
    <message>
        <source>%1: rope_freqs.weight holds %2, but each factor must be above 0 and at most 1e6</source>
        <translation>%1: rope_freqs.weight enthält %2, aber jeder Faktor muss über 0 und höchstens 1e6 sein</translation>
    </message>
    <message>
        <source>, frequency factors %1 to %2</source>
        <translation>, Frequenzfaktoren %1 bis %2</translation>
    </message>
</context>
<context>
    <name>attn::inputs</name>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n column(s)</source>
        <translation>
            <numerusform>%n Spalte</numerusform>
            <numerusform>%n Spalten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of head %2</source>
        <translation>%1 von Kopf %2</translation>
    </message>
    <message>
        <source>the key/value group of head %1 must be a group number from 0 (or none), got %2</source>
        <translation>die Key/Value-Gruppe von Kopf %1 muss eine Gruppennummer ab 0 sein (oder keine), nicht %2</translation>
    </message>
    <message>
        <source>heads %1 and %2 share key/value group %3 but their %4 differ: the heads of a group share one Wk and Wv</source>
        <translation>die Köpfe %1 und %2 teilen sich Key/Value-Gruppe %3, aber ihre %4 unterscheiden sich: die Köpfe einer Gruppe teilen sich ein Wk und Wv</translation>
    </message>
    <message>
        <source>the sliding window must be 0 (off) or a number of keys, got %1</source>
        <translation>das gleitende Fenster muss 0 (aus) oder eine Anzahl von Keys sein, nicht %1</translation>
    </message>
    <message>
        <source>the number of global tokens must be 0 or more, got %1</source>
        <translation>die Anzahl globaler Tokens muss 0 oder mehr sein, nicht %1</translation>
    </message>
    <message>
        <source>there are %1 but %2: give one slope per head (or none for the standard ones)</source>
        <translation>es gibt %1, aber %2: geben Sie eine Steigung je Kopf an (oder keine für die Standardwerte)</translation>
    </message>
    <message>
        <source>an ALiBi slope must be a finite number of at most 1e6 in magnitude, got %1</source>
        <translation>eine ALiBi-Steigung muss eine endliche Zahl mit Betrag höchstens 1e6 sein, nicht %1</translation>
    </message>
    <message>
        <source>X has no rows: there must be at least one token</source>
        <translation>X hat keine Zeilen: es muss mindestens ein Token geben</translation>
    </message>
    <message>
        <source>X has no columns: the embedding size p must be at least 1</source>
        <translation>X hat keine Spalten: die Einbettungsgröße p muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>there are %1 but X has %2</source>
        <translation>es gibt %1, aber X hat %2</translation>
    </message>
    <message>
        <source>the context has no rows: cross-attention needs at least one context token</source>
        <translation>der Kontext hat keine Zeilen: Cross-Attention braucht mindestens ein Kontext-Token</translation>
    </message>
    <message>
        <source>the context has no columns: its embedding size must be at least 1</source>
        <translation>der Kontext hat keine Spalten: seine Einbettungsgröße muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>there are %1 but the context has %2</source>
        <translation>es gibt %1, aber der Kontext hat %2</translation>
    </message>
    <message>
        <source>there are no heads: at least one head (Wq, Wk, Wv) is needed</source>
        <translation>es gibt keine Köpfe: mindestens ein Kopf (Wq, Wk, Wv) ist nötig</translation>
    </message>
    <message>
        <source>%1 has %2 but X has %3</source>
        <translation>%1 hat %2, aber X hat %3</translation>
    </message>
    <message>
        <source>%1 has %2 but the context has %3</source>
        <translation>%1 hat %2, aber der Kontext hat %3</translation>
    </message>
    <message>
        <source>%1 has no columns: d_k must be at least 1</source>
        <translation>%1 hat keine Spalten: d_k muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>%1 has %2 but %3 has %4: queries and keys need the same d_k</source>
        <translation>%1 hat %2, aber %3 hat %4: Queries und Keys brauchen dasselbe d_k</translation>
    </message>
    <message>
        <source>%1 has no columns: d_v must be at least 1</source>
        <translation>%1 hat keine Spalten: d_v muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>RoPE rotates pairs of columns of Q and K, so d_k must be even, but %1 has %2</source>
        <translation>RoPE dreht Spaltenpaare von Q und K, daher muss d_k gerade sein, aber %1 hat %2</translation>
    </message>
    <message>
        <source>Wo has %1 but the concatenated head outputs have %2</source>
        <translation>Wo hat %1, aber die verketteten Kopfausgaben haben %2</translation>
    </message>
    <message>
        <source>Wo is %1: it must have at least one column</source>
        <translation>Wo ist %1: es muss mindestens eine Spalte haben</translation>
    </message>
    <message>
        <source>the temperature must be a positive number, got %1</source>
        <translation>die Temperatur muss eine positive Zahl sein, nicht %1</translation>
    </message>
    <message>
        <source>the temperature %1 is too small (at least 1e-12)</source>
        <translation>die Temperatur %1 ist zu klein (mindestens 1e-12)</translation>
    </message>
    <message>
        <source>the mask is %1 but the logits are %2 (queries × keys)</source>
        <translation>die Maske ist %1, aber die Logits sind %2 (Queries × Keys)</translation>
    </message>
    <message>
        <source>the target is %1 but the output is %2</source>
        <translation>das Ziel ist %1, aber die Ausgabe ist %2</translation>
    </message>
    <message>
        <source>the target is %1: it must not be empty</source>
        <translation>das Ziel ist %1: es darf nicht leer sein</translation>
    </message>
    <message>
        <source>there is no target: the loss ½·Σ(output − target)² needs a target matrix (inputs.target)</source>
        <translation>es gibt kein Ziel: der Verlust ½·Σ(Ausgabe − Ziel)² braucht eine Zielmatrix (inputs.target)</translation>
    </message>
    <message>
        <source>is not a finite number (%1)</source>
        <translation>ist keine endliche Zahl (%1)</translation>
    </message>
    <message>
        <source>is too large: %1 (values must lie within ±1e15)</source>
        <translation>ist zu groß: %1 (Werte müssen innerhalb von ±1e15 liegen)</translation>
    </message>
    <message numerus="yes">
        <source>%n ALiBi slope(s)</source>
        <translation>
            <numerusform>%n ALiBi-Steigung</numerusform>
            <numerusform>%n ALiBi-Steigungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n Kopf</numerusform>
            <numerusform>%n Köpfe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token label(s)</source>
        <translation>
            <numerusform>%n Token-Bezeichnung</numerusform>
            <numerusform>%n Token-Bezeichnungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n context token label(s)</source>
        <translation>
            <numerusform>%n Kontext-Token-Bezeichnung</numerusform>
            <numerusform>%n Kontext-Token-Bezeichnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>the output overflowed to infinity: the inputs are too large to compute on</source>
        <translation>die Ausgabe ist nach unendlich übergelaufen: die Eingaben sind zu groß zum Rechnen</translation>
    </message>
    <message>
        <source>cannot multiply a %1 matrix by a %2 matrix: the inner sizes differ</source>
        <translation>eine %1-Matrix lässt sich nicht mit einer %2-Matrix multiplizieren: die inneren Größen unterscheiden sich</translation>
    </message>
    <message>
        <source>%1 %2 is out of range (0..%3)</source>
        <translation>%1 %2 liegt außerhalb des Bereichs (0..%3)</translation>
    </message>
    <message>
        <source>row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <source>term</source>
        <translation>Term</translation>
    </message>
    <message>
        <source>a partial sum of %1 terms is out of range (0..%2)</source>
        <translation>eine Teilsumme von %1 Termen liegt außerhalb des Bereichs (0..%2)</translation>
    </message>
    <message>
        <source>head %1 is out of range: there is 1 head (0..0)</source>
        <translation>Kopf %1 liegt außerhalb des Bereichs: es gibt 1 Kopf (0..0)</translation>
    </message>
    <message>
        <source>head %1 is out of range: there are %2 heads (0..%3)</source>
        <translation>Kopf %1 liegt außerhalb des Bereichs: es gibt %2 Köpfe (0..%3)</translation>
    </message>
    <message>
        <source>there is no context: this is self-attention (K and V come from X)</source>
        <translation>es gibt keinen Kontext: dies ist Self-Attention (K und V kommen aus X)</translation>
    </message>
    <message>
        <source>there is no output projection Wo</source>
        <translation>es gibt keine Ausgabeprojektion Wo</translation>
    </message>
    <message>
        <source>%1 is %2 but must be %3: one number per column</source>
        <translation>%1 ist %2, muss aber %3 sein: eine Zahl je Spalte</translation>
    </message>
    <message>
        <source>there is a bias bo but no output projection Wo for it</source>
        <translation>es gibt einen Bias bo, aber keine Ausgabeprojektion Wo dazu</translation>
    </message>
    <message>
        <source>RoPE&apos;s base θ must be a number above 1 and at most 1e12, got %1</source>
        <translation>die Basis θ von RoPE muss eine Zahl über 1 und höchstens 1e12 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>RoPE turns %1 dimensions, but %2 has only %3</source>
        <translation>RoPE dreht %1 Dimensionen, aber %2 hat nur %3</translation>
    </message>
    <message>
        <source>RoPE turns pairs of dimensions: rotary_dims must be an even number ≥ 0 (0: all), got %1</source>
        <translation>RoPE dreht Paare von Dimensionen: rotary_dims muss eine gerade Zahl ≥ 0 sein (0: alle), erhalten: %1</translation>
    </message>
    <message>
        <source>RoPE&apos;s scaling factor must be above 0 and at most 1e6, got %1</source>
        <translation>Der Skalierungsfaktor von RoPE muss über 0 und höchstens 1e6 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>llama3 RoPE scaling needs 0 &lt; low_freq_factor &lt; high_freq_factor and 1 ≤ original_positions ≤ 1e9</source>
        <translation>Die llama3-Skalierung von RoPE braucht 0 &lt; low_freq_factor &lt; high_freq_factor und 1 ≤ original_positions ≤ 1e9</translation>
    </message>
    <message>
        <source>scale_dim must be 0 (d_k) or a positive number up to 1e12, got %1</source>
        <translation>scale_dim muss 0 (d_k) oder eine positive Zahl bis 1e12 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>the soft cap must be 0 (off) or a positive number up to 1e12, got %1</source>
        <translation>die weiche Kappung muss 0 (aus) oder eine positive Zahl bis 1e12 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>the soft cap %1 is too small (at least 1e-6)</source>
        <translation>die weiche Kappung %1 ist zu klein (mindestens 1e-6)</translation>
    </message>
    <message>
        <source>the QK norm&apos;s ε must be above 0 and at most 1, got %1</source>
        <translation>das ε der QK-Norm muss über 0 und höchstens 1 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>there is no soft cap: the logits are the scaled scores</source>
        <translation>es gibt keine weiche Kappung: die Logits sind die skalierten Scores</translation>
    </message>
    <message>
        <source>RoPE has %1 frequency factors, but %2 turns %3 pairs of dimensions</source>
        <translation>RoPE hat %1 Frequenzfaktoren, aber %2 dreht %3 Paare von Dimensionen</translation>
    </message>
    <message>
        <source>RoPE&apos;s frequency factors must be above 0 and at most 1e6, got %1</source>
        <translation>Die Frequenzfaktoren von RoPE müssen über 0 und höchstens 1e6 sein, erhalten: %1</translation>
    </message>
</context>
<context>
    <name>attn::io</name>
    <message>
        <source>no space left on device</source>
        <translation>kein Platz mehr auf dem Gerät</translation>
    </message>
    <message>
        <source>the disk quota is exceeded</source>
        <translation>das Speicherkontingent ist überschritten</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>Zugriff verweigert</translation>
    </message>
    <message>
        <source>read-only file system</source>
        <translation>schreibgeschütztes Dateisystem</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>der Ordner existiert nicht</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>ein Teil des Pfades ist kein Ordner</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>es ist ein Ordner</translation>
    </message>
    <message>
        <source>the file is too large for this file system or a limit</source>
        <translation>die Datei ist zu groß für dieses Dateisystem oder eine Grenze</translation>
    </message>
    <message>
        <source>input/output error (the device may be failing or removed)</source>
        <translation>Ein-/Ausgabefehler (das Gerät ist vielleicht defekt oder entfernt)</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation>der Dateiname ist zu lang</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>not enough memory to read it</source>
        <translation>nicht genug Speicher, um sie zu lesen</translation>
    </message>
    <message>
        <source>slice entry &quot;%1&quot;: &quot;%2&quot; is not a whole number</source>
        <translation>Slice-Eintrag „%1“: „%2“ ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>columns</source>
        <translation>Spalten</translation>
    </message>
    <message>
        <source>axis %1</source>
        <translation>Achse %1</translation>
    </message>
    <message>
        <source>a slice is written in brackets, like [:, 0:64]; got &quot;%1&quot;</source>
        <translation>ein Slice wird in eckigen Klammern geschrieben, etwa [:, 0:64]; nicht „%1“</translation>
    </message>
    <message>
        <source>the slice [] is empty; leave it out to take the whole array</source>
        <translation>der Slice [] ist leer; lassen Sie ihn weg, um das ganze Array zu nehmen</translation>
    </message>
    <message>
        <source>the slice has too many entries (%1)</source>
        <translation>der Slice hat zu viele Einträge (%1)</translation>
    </message>
    <message>
        <source>the slice %1 has an empty entry</source>
        <translation>der Slice %1 hat einen leeren Eintrag</translation>
    </message>
    <message>
        <source>slice entry &quot;%1&quot;: steps (start:stop:step) are not supported</source>
        <translation>Slice-Eintrag „%1“: Schrittweiten (start:stop:schritt) werden nicht unterstützt</translation>
    </message>
    <message>
        <source>the slice %1 has %2 entries, but the array has %3</source>
        <translation>der Slice %1 hat %2 Einträge, aber das Array hat %3</translation>
    </message>
    <message>
        <source>slice %1: index of %2 (%3)</source>
        <translation>Slice %1: Index der %2 (%3)</translation>
    </message>
    <message>
        <source>slice %1: range of %2 (%3)</source>
        <translation>Slice %1: Bereich der %2 (%3)</translation>
    </message>
    <message>
        <source>%1 is outside 0..%2</source>
        <translation>%1 liegt außerhalb von 0..%2</translation>
    </message>
    <message>
        <source>%1:%2 reaches beyond 0:%3</source>
        <translation>%1:%2 reicht über 0:%3 hinaus</translation>
    </message>
    <message>
        <source>%1:%2 is empty</source>
        <translation>%1:%2 ist leer</translation>
    </message>
    <message>
        <source>the slice %1 selects a single number, not a vector or matrix</source>
        <translation>der Slice %1 wählt eine einzelne Zahl, keinen Vektor und keine Matrix</translation>
    </message>
    <message>
        <source>the selection has %1 axes; a matrix needs 1 or 2</source>
        <translation>die Auswahl hat %1 Achsen; eine Matrix braucht 1 oder 2</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>not a text file (it contains NUL bytes), nor a NumPy .npy or .npz file</source>
        <translation>keine Textdatei (sie enthält NUL-Bytes) und auch keine NumPy-.npy- oder -.npz-Datei</translation>
    </message>
    <message>
        <source>an empty cell</source>
        <translation>eine leere Zelle</translation>
    </message>
    <message>
        <source>%1 is not a number</source>
        <translation>%1 ist keine Zahl</translation>
    </message>
    <message>
        <source>%1 is beyond the range of double-precision numbers</source>
        <translation>%1 liegt außerhalb des Bereichs doppelt genauer Zahlen</translation>
    </message>
    <message>
        <source>line %1 has %2 values, but line %3 has %4</source>
        <translation>Zeile %1 hat %2 Werte, aber Zeile %3 hat %4</translation>
    </message>
    <message>
        <source>more than %1 rows of numbers (at most %1), at line %2</source>
        <translation>mehr als %1 Zeilen mit Zahlen (höchstens %1), in Zeile %2</translation>
    </message>
    <message>
        <source>more than %1 numbers (at most %1 input numbers are supported), at line %2</source>
        <translation>mehr als %1 Zahlen (höchstens %1 Eingabezahlen werden unterstützt), in Zeile %2</translation>
    </message>
    <message>
        <source>has a header row but no numbers</source>
        <translation>hat eine Kopfzeile, aber keine Zahlen</translation>
    </message>
    <message>
        <source>holds no numbers (it is empty)</source>
        <translation>enthält keine Zahlen (sie ist leer)</translation>
    </message>
    <message>
        <source>line %1 has more than %2 values (at most %2 columns)</source>
        <translation>Zeile %1 hat mehr als %2 Werte (höchstens %2 Spalten)</translation>
    </message>
    <message>
        <source>a field longer than %1 characters (at most %1): it cannot be a number</source>
        <translation>ein Feld mit mehr als %1 Zeichen (höchstens %1): es kann keine Zahl sein</translation>
    </message>
    <message>
        <source>a quote that is never closed</source>
        <translation>ein Anführungszeichen, das nie geschlossen wird</translation>
    </message>
    <message>
        <source>text after a closing quote</source>
        <translation>Text nach einem schließenden Anführungszeichen</translation>
    </message>
    <message>
        <source>the compressed data is corrupt (%1)</source>
        <translation>die komprimierten Daten sind beschädigt (%1)</translation>
    </message>
    <message>
        <source>the compressed data expands beyond its declared size</source>
        <translation>die komprimierten Daten werden größer als ihre angegebene Größe</translation>
    </message>
    <message>
        <source>the compressed data ends in the middle of a block</source>
        <translation>die komprimierten Daten enden mitten in einem Block</translation>
    </message>
    <message>
        <source>the compressed data is too large</source>
        <translation>die komprimierten Daten sind zu groß</translation>
    </message>
    <message>
        <source>not enough memory to decompress the data</source>
        <translation>nicht genug Speicher, um die Daten zu entpacken</translation>
    </message>
    <message>
        <source>not a NumPy .npy file (it does not start with \x93NUMPY)</source>
        <translation>keine NumPy-.npy-Datei (sie beginnt nicht mit \x93NUMPY)</translation>
    </message>
    <message>
        <source>not a NumPy .npz file (it is not a zip archive)</source>
        <translation>keine NumPy-.npz-Datei (sie ist kein ZIP-Archiv)</translation>
    </message>
    <message>
        <source>is a directory, not a file</source>
        <translation>ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>the file is too large (%1 bytes; at most 256 MiB)</source>
        <translation>die Datei ist zu groß (%1 Bytes; höchstens 256 MiB)</translation>
    </message>
    <message>
        <source>the file is too large (at most 256 MiB)</source>
        <translation>die Datei ist zu groß (höchstens 256 MiB)</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>CSV (comma-separated)</source>
        <translation>CSV (kommagetrennt)</translation>
    </message>
    <message>
        <source>TSV (tab-separated)</source>
        <translation>TSV (tabulatorgetrennt)</translation>
    </message>
    <message>
        <source>CSV (semicolon-separated)</source>
        <translation>CSV (semikolongetrennt)</translation>
    </message>
    <message>
        <source>text (numbers separated by spaces)</source>
        <translation>Text (durch Leerzeichen getrennte Zahlen)</translation>
    </message>
    <message>
        <source>skipped the header row on line %1: %2</source>
        <translation>Kopfzeile in Zeile %1 übersprungen: %2</translation>
    </message>
    <message>
        <source>read decimal commas: 1,5 is 1.5</source>
        <translation>Dezimalkommas gelesen: 1,5 ist 1.5</translation>
    </message>
    <message>
        <source>the .npz archive is empty (it holds no arrays)</source>
        <translation>das .npz-Archiv ist leer (es enthält keine Arrays)</translation>
    </message>
    <message>
        <source>holds no .npy arrays (is it an .npz file?)</source>
        <translation>enthält keine .npy-Arrays (ist es eine .npz-Datei?)</translation>
    </message>
    <message>
        <source>has no array %1 (it has %2)</source>
        <translation>hat kein Array %1 (es hat %2)</translation>
    </message>
    <message>
        <source>took array %1, the first of %2 (%3)</source>
        <translation>Array %1 genommen, das erste von %2 (%3)</translation>
    </message>
    <message>
        <source>array %1: </source>
        <translation>Array %1: </translation>
    </message>
    <message>
        <source>NumPy .npz, array %1 (%2, deflated)</source>
        <translation>NumPy .npz, Array %1 (%2, komprimiert)</translation>
    </message>
    <message>
        <source>NumPy .npz, array %1 (%2, stored)</source>
        <translation>NumPy .npz, Array %1 (%2, unkomprimiert)</translation>
    </message>
    <message>
        <source>has no tensor %1 (it has %2: %3)</source>
        <translation>hat keinen Tensor %1 (sie hat %2: %3)</translation>
    </message>
    <message>
        <source>the safetensors file holds no tensors</source>
        <translation>die safetensors-Datei enthält keine Tensoren</translation>
    </message>
    <message>
        <source>none of its tensors is a 1-D or 2-D float tensor</source>
        <translation>keiner ihrer Tensoren ist ein 1-D- oder 2-D-Gleitkommatensor</translation>
    </message>
    <message>
        <source>took tensor %1, the first of %2 that can be imported</source>
        <translation>Tensor %1 genommen, den ersten von %2, der importiert werden kann</translation>
    </message>
    <message>
        <source>safetensors, tensor %1 (%2, %3)</source>
        <translation>safetensors, Tensor %1 (%2, %3)</translation>
    </message>
    <message>
        <source>, slice %1 (%2×%3)</source>
        <translation>, Slice %1 (%2×%3)</translation>
    </message>
    <message>
        <source>, transposed</source>
        <translation>, transponiert</translation>
    </message>
    <message>
        <source>an array name (%1) was given, but this is not an .npz file (nor safetensors)</source>
        <translation>ein Array-Name (%1) wurde angegeben, aber dies ist keine .npz-Datei (und keine safetensors-Datei)</translation>
    </message>
    <message>
        <source>NumPy .npy (%1)</source>
        <translation>NumPy .npy (%1)</translation>
    </message>
    <message>
        <source>its data does not match its shape %1</source>
        <translation>seine Daten passen nicht zu seiner Form %1</translation>
    </message>
    <message>
        <source>a key that is not a string</source>
        <translation>ein Schlüssel, der kein String ist</translation>
    </message>
    <message>
        <source>text after the dictionary</source>
        <translation>Text nach dem Dictionary</translation>
    </message>
    <message>
        <source>the .npy header is not valid (%1 at character %2)</source>
        <translation>der .npy-Header ist ungültig (%1 bei Zeichen %2)</translation>
    </message>
    <message>
        <source>expected &apos;%1&apos;</source>
        <translation>&apos;%1&apos; erwartet</translation>
    </message>
    <message>
        <source>nesting too deep</source>
        <translation>zu tiefe Verschachtelung</translation>
    </message>
    <message>
        <source>the end of the header</source>
        <translation>das Ende des Headers</translation>
    </message>
    <message>
        <source>an escape in a string</source>
        <translation>ein Escape-Zeichen in einem String</translation>
    </message>
    <message>
        <source>an unterminated string</source>
        <translation>ein nicht abgeschlossener String</translation>
    </message>
    <message>
        <source>an unexpected character</source>
        <translation>ein unerwartetes Zeichen</translation>
    </message>
    <message>
        <source> (big-endian)</source>
        <translation> (Big-Endian)</translation>
    </message>
    <message>
        <source>scalar</source>
        <translation>Skalar</translation>
    </message>
    <message>
        <source>, big-endian</source>
        <translation>, Big-Endian</translation>
    </message>
    <message>
        <source>, Fortran order</source>
        <translation>, Fortran-Reihenfolge</translation>
    </message>
    <message>
        <source>, C order</source>
        <translation>, C-Reihenfolge</translation>
    </message>
    <message>
        <source>, format %1.%2</source>
        <translation>, Format %1.%2</translation>
    </message>
    <message>
        <source>the .npy file is cut short in its header</source>
        <translation>die .npy-Datei bricht in ihrem Header ab</translation>
    </message>
    <message>
        <source>unsupported .npy format version %1.%2 (1.0, 2.0 and 3.0 can be read)</source>
        <translation>nicht unterstützte .npy-Formatversion %1.%2 (1.0, 2.0 und 3.0 können gelesen werden)</translation>
    </message>
    <message>
        <source>the .npy header is implausibly long (%1 bytes)</source>
        <translation>der .npy-Header ist unplausibel lang (%1 Bytes)</translation>
    </message>
    <message>
        <source>the .npy file is cut short in its header (%1 header bytes announced, %2 present)</source>
        <translation>die .npy-Datei bricht in ihrem Header ab (%1 Header-Bytes angekündigt, %2 vorhanden)</translation>
    </message>
    <message>
        <source>holds structured records (a record dtype), not plain numbers</source>
        <translation>enthält strukturierte Datensätze (einen Record-dtype), keine einfachen Zahlen</translation>
    </message>
    <message>
        <source>the .npy header&apos;s &apos;descr&apos; is not a dtype string</source>
        <translation>&apos;descr&apos; im .npy-Header ist kein dtype-String</translation>
    </message>
    <message>
        <source>the .npy header&apos;s &apos;fortran_order&apos; is not True or False</source>
        <translation>&apos;fortran_order&apos; im .npy-Header ist weder True noch False</translation>
    </message>
    <message>
        <source>the .npy header&apos;s &apos;shape&apos; is not a tuple</source>
        <translation>&apos;shape&apos; im .npy-Header ist kein Tupel</translation>
    </message>
    <message>
        <source>the .npy header&apos;s &apos;shape&apos; holds something not a number</source>
        <translation>&apos;shape&apos; im .npy-Header enthält etwas, das keine Zahl ist</translation>
    </message>
    <message>
        <source>the .npy header has an unexpected key &apos;%1&apos;</source>
        <translation>der .npy-Header hat einen unerwarteten Schlüssel &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the .npy header lacks %1</source>
        <translation>dem .npy-Header fehlt %1</translation>
    </message>
    <message>
        <source>holds %1 numbers; only float16, float32 and float64 (and integers) can be read</source>
        <translation>enthält %1-Zahlen; nur float16, float32 und float64 (und ganze Zahlen) können gelesen werden</translation>
    </message>
    <message>
        <source>has an unsupported integer dtype %1</source>
        <translation>hat einen nicht unterstützten Ganzzahl-dtype %1</translation>
    </message>
    <message>
        <source>holds booleans (dtype %1), not numbers</source>
        <translation>enthält Wahrheitswerte (dtype %1), keine Zahlen</translation>
    </message>
    <message>
        <source>holds complex numbers (dtype %1); only real numbers can be imported</source>
        <translation>enthält komplexe Zahlen (dtype %1); nur reelle Zahlen können importiert werden</translation>
    </message>
    <message>
        <source>holds Python objects (dtype object), not plain numbers</source>
        <translation>enthält Python-Objekte (dtype object), keine einfachen Zahlen</translation>
    </message>
    <message>
        <source>holds text (dtype %1), not numbers</source>
        <translation>enthält Text (dtype %1), keine Zahlen</translation>
    </message>
    <message>
        <source>holds dates or times (dtype %1), not numbers</source>
        <translation>enthält Datums- oder Zeitangaben (dtype %1), keine Zahlen</translation>
    </message>
    <message>
        <source>holds raw records (dtype %1), not numbers</source>
        <translation>enthält Rohdatensätze (dtype %1), keine Zahlen</translation>
    </message>
    <message>
        <source>has an unknown dtype %1</source>
        <translation>hat einen unbekannten dtype %1</translation>
    </message>
    <message>
        <source>has a dtype %1 without a byte order</source>
        <translation>hat einen dtype %1 ohne Byte-Reihenfolge</translation>
    </message>
    <message>
        <source>is a 0-D array (a single number); a matrix (2-D) or a vector (1-D) is expected</source>
        <translation>ist ein 0-D-Array (eine einzelne Zahl); erwartet wird eine Matrix (2-D) oder ein Vektor (1-D)</translation>
    </message>
    <message>
        <source>is a %1-D array (%2); only matrices (2-D) and vectors (1-D) can be imported</source>
        <translation>ist ein %1-D-Array (%2); nur Matrizen (2-D) und Vektoren (1-D) können importiert werden</translation>
    </message>
    <message>
        <source>is empty (shape %1)</source>
        <translation>ist leer (Form %1)</translation>
    </message>
    <message>
        <source>is too large: %1 (at most %2 rows and %2 columns)</source>
        <translation>ist zu groß: %1 (höchstens %2 Zeilen und %2 Spalten)</translation>
    </message>
    <message>
        <source>is too large: %1 is %2 numbers (at most %3 input numbers are supported)</source>
        <translation>ist zu groß: %1 sind %2 Zahlen (höchstens %3 Eingabezahlen werden unterstützt)</translation>
    </message>
    <message>
        <source>the .npy file is cut short: shape %1 of %2 needs %3 bytes of data, the file has %4</source>
        <translation>die .npy-Datei bricht ab: Form %1 aus %2 braucht %3 Datenbytes, die Datei hat %4</translation>
    </message>
    <message>
        <source>the .npy file has %1 bytes more than its header&apos;s shape %2 of %3 needs</source>
        <translation>die .npy-Datei hat %1 Bytes mehr, als die Form %2 aus %3 in ihrem Header braucht</translation>
    </message>
    <message>
        <source>element %1 %2</source>
        <translation>Element %1 %2</translation>
    </message>
    <message>
        <source>a 1-D array of %1 numbers, read as one row (1%2)</source>
        <translation>ein 1-D-Array mit %1 Zahlen, als eine Zeile gelesen (1%2)</translation>
    </message>
    <message>
        <source>%1 is not a whole number ≥ 0</source>
        <translation>%1 ist keine ganze Zahl ≥ 0</translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation>Tensor %1</translation>
    </message>
    <message>
        <source>its entry is not a JSON object</source>
        <translation>sein Eintrag ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>no &quot;dtype&quot;</source>
        <translation>kein „dtype“</translation>
    </message>
    <message>
        <source>unknown dtype %1</source>
        <translation>unbekannter dtype %1</translation>
    </message>
    <message>
        <source>no &quot;shape&quot; list</source>
        <translation>keine „shape“-Liste</translation>
    </message>
    <message>
        <source>%1 axes</source>
        <translation>%1 Achsen</translation>
    </message>
    <message>
        <source>a dimension of its shape</source>
        <translation>eine Dimension seiner Form</translation>
    </message>
    <message>
        <source>&quot;data_offsets&quot; is not a pair [begin, end]</source>
        <translation>„data_offsets“ ist kein Paar [Anfang, Ende]</translation>
    </message>
    <message>
        <source>its begin offset</source>
        <translation>sein Anfangs-Offset</translation>
    </message>
    <message>
        <source>its end offset</source>
        <translation>sein End-Offset</translation>
    </message>
    <message>
        <source>its data ends (%1) before it begins (%2)</source>
        <translation>seine Daten enden (%1), bevor sie beginnen (%2)</translation>
    </message>
    <message>
        <source>its data [%1, %2) lies past the end of the file&apos;s %3 data bytes</source>
        <translation>seine Daten [%1, %2) liegen hinter dem Ende der %3 Datenbytes der Datei</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes, its data has %4</source>
        <translation>Form %1 aus %2 braucht %3 Bytes, seine Daten haben %4</translation>
    </message>
    <message>
        <source>more than 2^64</source>
        <translation>mehr als 2^64</translation>
    </message>
    <message>
        <source>its dtype %1 is not a float (F64, F32, F16 and BF16 can be imported)</source>
        <translation>sein dtype %1 ist keine Gleitkommazahl (F64, F32, F16 und BF16 können importiert werden)</translation>
    </message>
    <message>
        <source>it is a single number (0-D), not a vector or matrix</source>
        <translation>er ist eine einzelne Zahl (0-D), kein Vektor und keine Matrix</translation>
    </message>
    <message>
        <source>it is a %1-D tensor (%2); only 1-D and 2-D tensors can be imported</source>
        <translation>er ist ein %1-D-Tensor (%2); nur 1-D- und 2-D-Tensoren können importiert werden</translation>
    </message>
    <message>
        <source>it is empty (%1)</source>
        <translation>er ist leer (%1)</translation>
    </message>
    <message>
        <source>not a safetensors file (shorter than its 8-byte header length)</source>
        <translation>keine safetensors-Datei (kürzer als ihre 8 Byte lange Header-Länge)</translation>
    </message>
    <message>
        <source>not a safetensors file: its header length %1 is beyond the format&apos;s limit of 100 MB</source>
        <translation>keine safetensors-Datei: ihre Header-Länge %1 überschreitet die Grenze des Formats von 100 MB</translation>
    </message>
    <message>
        <source>not a safetensors file, or cut short: its header length %1 is beyond the file&apos;s %2 bytes</source>
        <translation>keine safetensors-Datei, oder sie bricht ab: ihre Header-Länge %1 überschreitet die %2 Bytes der Datei</translation>
    </message>
    <message>
        <source>not a safetensors file: its header is too short to be JSON</source>
        <translation>keine safetensors-Datei: ihr Header ist zu kurz für JSON</translation>
    </message>
    <message>
        <source>cannot read its header: %1</source>
        <translation>ihr Header kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>not a safetensors file: its header is not JSON (%1 at byte %2)</source>
        <translation>keine safetensors-Datei: ihr Header ist kein JSON (%1 bei Byte %2)</translation>
    </message>
    <message>
        <source>not a safetensors file: its header is not a JSON object</source>
        <translation>keine safetensors-Datei: ihr Header ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>tensor %1: its data [%2, %3) overlaps another&apos;s</source>
        <translation>Tensor %1: seine Daten [%2, %3) überschneiden sich mit denen eines anderen</translation>
    </message>
    <message>
        <source>the data has a gap at bytes [%1, %2) before tensor %3</source>
        <translation>die Daten haben eine Lücke bei den Bytes [%1, %2) vor Tensor %3</translation>
    </message>
    <message>
        <source>the file has %1 data bytes, but its tensors describe %2</source>
        <translation>die Datei hat %1 Datenbytes, aber ihre Tensoren beschreiben %2</translation>
    </message>
    <message>
        <source>tensor %1: %2</source>
        <translation>Tensor %1: %2</translation>
    </message>
    <message>
        <source>tensor %1%2 is %3×%4; at most %5 rows and columns can be imported (choose a slice)</source>
        <translation>Tensor %1%2 ist %3×%4; höchstens %5 Zeilen und Spalten können importiert werden (wählen Sie einen Slice)</translation>
    </message>
    <message>
        <source>tensor %1%2: the rows it needs are %3 bytes; at most 256 MiB are read</source>
        <translation>Tensor %1%2: die nötigen Zeilen sind %3 Bytes; höchstens 256 MiB werden gelesen</translation>
    </message>
    <message>
        <source>cannot seek to tensor %1: %2</source>
        <translation>Tensor %1 kann nicht angesteuert werden: %2</translation>
    </message>
    <message>
        <source>tensor %1: the file is cut short in its data</source>
        <translation>Tensor %1: die Datei bricht in seinen Daten ab</translation>
    </message>
    <message>
        <source>tensor %1 at %2: %3 (values must be finite, at most 1e15 in magnitude)</source>
        <translation>Tensor %1 bei %2: %3 (Werte müssen endlich sein, mit Betrag höchstens 1e15)</translation>
    </message>
    <message>
        <source>read the vector as one row (1×%1)</source>
        <translation>den Vektor als eine Zeile gelesen (1×%1)</translation>
    </message>
    <message>
        <source>the text &quot;%1&quot;</source>
        <translation>der Text „%1“</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>true oder false erwartet, nicht %1</translation>
    </message>
    <message>
        <source>expected a whole number from 0, got %1</source>
        <translation>eine ganze Zahl ab 0 erwartet, nicht %1</translation>
    </message>
    <message>
        <source>expected a group number from 0, got %1</source>
        <translation>eine Gruppennummer ab 0 erwartet, nicht %1</translation>
    </message>
    <message>
        <source>group %1: the groups are numbered 0 to %2</source>
        <translation>Gruppe %1: die Gruppen sind von 0 bis %2 nummeriert</translation>
    </message>
    <message>
        <source>expected an array of numbers, got %1</source>
        <translation>ein Array von Zahlen erwartet, nicht %1</translation>
    </message>
    <message>
        <source>expected a number, got %1</source>
        <translation>eine Zahl erwartet, nicht %1</translation>
    </message>
    <message>
        <source>it</source>
        <translation>sie</translation>
    </message>
    <message>
        <source>its number of rows</source>
        <translation>ihre Zeilenzahl</translation>
    </message>
    <message>
        <source>its number of columns</source>
        <translation>ihre Spaltenzahl</translation>
    </message>
    <message>
        <source>%1 is too large: %2</source>
        <translation>%1 ist zu groß: %2</translation>
    </message>
    <message>
        <source>expected an array of rows, got %1</source>
        <translation>ein Array von Zeilen erwartet, nicht %1</translation>
    </message>
    <message>
        <source>has no rows</source>
        <translation>hat keine Zeilen</translation>
    </message>
    <message>
        <source>expected a row (an array of numbers), got %1</source>
        <translation>eine Zeile (ein Array von Zahlen) erwartet, nicht %1</translation>
    </message>
    <message>
        <source>row 0 is empty</source>
        <translation>Zeile 0 ist leer</translation>
    </message>
    <message>
        <source>row %1 has %2 numbers, expected %3</source>
        <translation>Zeile %1 hat %2 Zahlen, erwartet %3</translation>
    </message>
    <message>
        <source>expected true/false (or 1/0), got %1</source>
        <translation>true/false (oder 1/0) erwartet, nicht %1</translation>
    </message>
    <message>
        <source>expected an array of token labels, got %1</source>
        <translation>ein Array von Token-Bezeichnungen erwartet, nicht %1</translation>
    </message>
    <message>
        <source>has %1 labels but there are %2 tokens</source>
        <translation>hat %1 Bezeichnungen, aber es gibt %2 Tokens</translation>
    </message>
    <message>
        <source>expected a text label, got %1</source>
        <translation>eine Textbezeichnung erwartet, nicht %1</translation>
    </message>
    <message>
        <source>the label</source>
        <translation>die Bezeichnung</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>ein Objekt erwartet, nicht %1</translation>
    </message>
    <message>
        <source>there are context tokens but no context matrix</source>
        <translation>es gibt Kontext-Tokens, aber keine Kontextmatrix</translation>
    </message>
    <message>
        <source>expected an array of heads, got %1</source>
        <translation>ein Array von Köpfen erwartet, nicht %1</translation>
    </message>
    <message>
        <source>there must be at least one head</source>
        <translation>es muss mindestens einen Kopf geben</translation>
    </message>
    <message>
        <source>expected &quot;none&quot;, &quot;sinusoidal&quot; or &quot;rope&quot;, got %1</source>
        <translation>„none“, „sinusoidal“ oder „rope“ erwartet, nicht %1</translation>
    </message>
    <message>
        <source>the file holds more than %1 values: at most %2 input numbers are supported</source>
        <translation>die Datei enthält mehr als %1 Werte: höchstens %2 Eingabezahlen werden unterstützt</translation>
    </message>
    <message>
        <source>not valid JSON: the input is empty</source>
        <translation>kein gültiges JSON: die Eingabe ist leer</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at byte %2</source>
        <translation>kein gültiges JSON: %1 bei Byte %2</translation>
    </message>
    <message>
        <source>expected a JSON object at the top level</source>
        <translation>auf oberster Ebene wird ein JSON-Objekt erwartet</translation>
    </message>
    <message>
        <source>not an attnviz session: its format is %1, expected &quot;attnviz-session&quot;</source>
        <translation>keine attnviz-Sitzung: ihr Format ist %1, erwartet „attnviz-session“</translation>
    </message>
    <message>
        <source>version: expected a whole number, got %1</source>
        <translation>version: eine ganze Zahl erwartet, nicht %1</translation>
    </message>
    <message>
        <source>the file was written by a newer attnviz (session format version %1); this program reads version %2</source>
        <translation>die Datei wurde von einem neueren attnviz geschrieben (Sitzungsformat Version %1); dieses Programm liest Version %2</translation>
    </message>
    <message>
        <source>no &quot;inputs&quot; object: this is not an attnviz session</source>
        <translation>kein „inputs“-Objekt: dies ist keine attnviz-Sitzung</translation>
    </message>
    <message>
        <source>%1: is a directory, not a session file</source>
        <translation>%1: ist ein Ordner, keine Sitzungsdatei</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1: the file is too large (%2 bytes; at most 512 MiB)</source>
        <translation>%1: die Datei ist zu groß (%2 Bytes; höchstens 512 MiB)</translation>
    </message>
    <message>
        <source>%1: the file is too large (at most 512 MiB)</source>
        <translation>%1: die Datei ist zu groß (höchstens 512 MiB)</translation>
    </message>
    <message>
        <source>the zip archive is damaged: %1</source>
        <translation>das ZIP-Archiv ist beschädigt: %1</translation>
    </message>
    <message>
        <source>a record reaches past the end of the file</source>
        <translation>ein Eintrag reicht über das Dateiende hinaus</translation>
    </message>
    <message>
        <source>a record is shorter than its fields</source>
        <translation>ein Eintrag ist kürzer als seine Felder</translation>
    </message>
    <message>
        <source>not a zip archive (too short for one)</source>
        <translation>kein ZIP-Archiv (zu kurz für eines)</translation>
    </message>
    <message>
        <source>not a zip archive, or one cut short (no end of central directory)</source>
        <translation>kein ZIP-Archiv, oder ein abgeschnittenes (kein Ende des zentralen Verzeichnisses)</translation>
    </message>
    <message>
        <source>split (multi-part) zip archives are not supported</source>
        <translation>geteilte (mehrteilige) ZIP-Archive werden nicht unterstützt</translation>
    </message>
    <message>
        <source>the ZIP64 end record is missing</source>
        <translation>der ZIP64-Endeintrag fehlt</translation>
    </message>
    <message>
        <source>the ZIP64 end record is out of place</source>
        <translation>der ZIP64-Endeintrag liegt an falscher Stelle</translation>
    </message>
    <message>
        <source>the central directory lies outside the file</source>
        <translation>das zentrale Verzeichnis liegt außerhalb der Datei</translation>
    </message>
    <message>
        <source>the central directory is too small for %1 members</source>
        <translation>das zentrale Verzeichnis ist zu klein für %1 Einträge</translation>
    </message>
    <message>
        <source>%1 bytes lie between the central directory and its end record</source>
        <translation>%1 Bytes liegen zwischen dem zentralen Verzeichnis und seinem Endeintrag</translation>
    </message>
    <message>
        <source>the central directory is cut short</source>
        <translation>das zentrale Verzeichnis bricht ab</translation>
    </message>
    <message>
        <source>a central directory record is missing</source>
        <translation>ein Eintrag des zentralen Verzeichnisses fehlt</translation>
    </message>
    <message>
        <source>a central directory record reaches past the directory</source>
        <translation>ein Eintrag des zentralen Verzeichnisses reicht über das Verzeichnis hinaus</translation>
    </message>
    <message>
        <source>a ZIP64 extra field is too short</source>
        <translation>ein ZIP64-Zusatzfeld ist zu kurz</translation>
    </message>
    <message>
        <source>%1 bytes follow the %2 central directory records the end record declares</source>
        <translation>%1 Bytes folgen auf die %2 Einträge des zentralen Verzeichnisses, die der Endeintrag angibt</translation>
    </message>
    <message>
        <source>the header of %1 lies outside the file</source>
        <translation>der Header von %1 liegt außerhalb der Datei</translation>
    </message>
    <message>
        <source>the header of %1 is missing</source>
        <translation>der Header von %1 fehlt</translation>
    </message>
    <message>
        <source>the data of %1 reaches past the end of the file</source>
        <translation>die Daten von %1 reichen über das Dateiende hinaus</translation>
    </message>
    <message>
        <source>the header of %1 names another file</source>
        <translation>der Header von %1 nennt eine andere Datei</translation>
    </message>
    <message>
        <source>%1 is encrypted</source>
        <translation>%1 ist verschlüsselt</translation>
    </message>
    <message>
        <source>%1 is compressed with method %2; only stored and deflated members are supported</source>
        <translation>%1 ist mit Methode %2 komprimiert; nur unkomprimierte und mit Deflate komprimierte Einträge werden unterstützt</translation>
    </message>
    <message>
        <source>%1 is too large (%2 bytes; at most %3)</source>
        <translation>%1 ist zu groß (%2 Bytes; höchstens %3)</translation>
    </message>
    <message>
        <source>%1 is stored uncompressed but its two sizes differ</source>
        <translation>%1 ist unkomprimiert gespeichert, aber seine beiden Größen unterscheiden sich</translation>
    </message>
    <message>
        <source>%1 claims %2 bytes from %3 compressed, more than deflate can produce</source>
        <translation>%1 gibt %2 Bytes aus %3 komprimierten an, mehr als Deflate erzeugen kann</translation>
    </message>
    <message>
        <source>%1 decompresses to %2 bytes, not the declared %3</source>
        <translation>%1 entpackt sich zu %2 Bytes, nicht zu den angegebenen %3</translation>
    </message>
    <message>
        <source>%1 fails its CRC-32 check</source>
        <translation>%1 besteht die CRC-32-Prüfung nicht</translation>
    </message>
    <message>
        <source>1 axis</source>
        <translation>1 Achse</translation>
    </message>
    <message>
        <source>expected &quot;interleaved&quot; or &quot;half&quot;, got %1</source>
        <translation>erwartet &quot;interleaved&quot; oder &quot;half&quot;, erhalten: %1</translation>
    </message>
    <message>
        <source>byte %1: %2</source>
        <translation>Byte %1: %2</translation>
    </message>
    <message>
        <source>the data ends inside a field</source>
        <translation>die Daten enden innerhalb eines Feldes</translation>
    </message>
    <message>
        <source>a varint longer than 10 bytes</source>
        <translation>ein Varint länger als 10 Bytes</translation>
    </message>
    <message>
        <source>field number %1: not a protobuf field (1 to 536870911)</source>
        <translation>Feldnummer %1: kein Protobuf-Feld (1 bis 536870911)</translation>
    </message>
    <message>
        <source>field %1 declares %2 bytes, but only %3 remain</source>
        <translation>Feld %1 gibt %2 Bytes an, aber nur %3 sind übrig</translation>
    </message>
    <message>
        <source>field %1 has wire type %2 (a group or no type): not supported</source>
        <translation>Feld %1 hat den Wire-Typ %2 (eine Gruppe oder kein Typ): nicht unterstützt</translation>
    </message>
    <message>
        <source>field %1 has wire type %2, expected a message (LEN)</source>
        <translation>Feld %1 hat den Wire-Typ %2, erwartet eine Nachricht (LEN)</translation>
    </message>
    <message>
        <source>messages nested more than %1 deep</source>
        <translation>Nachrichten tiefer als %1 verschachtelt</translation>
    </message>
    <message>
        <source>%1 (field %2) has wire type %3, expected %4</source>
        <translation>%1 (Feld %2) hat den Wire-Typ %3, erwartet %4</translation>
    </message>
    <message>
        <source>expected a whole number from 0 to %1, got %2</source>
        <translation>erwartet: eine ganze Zahl von 0 bis %1, erhalten: %2</translation>
    </message>
    <message>
        <source>expected &quot;none&quot;, &quot;linear&quot; or &quot;llama3&quot;, got %1</source>
        <translation>erwartet: &quot;none&quot;, &quot;linear&quot; oder &quot;llama3&quot;, erhalten: %1</translation>
    </message>
    <message>
        <source>%1 runs past the end of the file (offset %2 of %3 bytes)</source>
        <translation>%1 reicht über das Ende der Datei hinaus (Offset %2 von %3 Bytes)</translation>
    </message>
    <message>
        <source>%1 is %2 bytes long, longer than the rest of the file (%3 bytes)</source>
        <translation>%1 ist %2 Bytes lang, länger als der Rest der Datei (%3 Bytes)</translation>
    </message>
    <message>
        <source>%1 is %2 bytes long (at most %3)</source>
        <translation>%1 ist %2 Bytes lang (höchstens %3)</translation>
    </message>
    <message>
        <source>%1 has the unknown value type %2</source>
        <translation>%1 hat den unbekannten Werttyp %2</translation>
    </message>
    <message>
        <source>%1 has %2 elements (at most %3)</source>
        <translation>%1 hat %2 Elemente (höchstens %3)</translation>
    </message>
    <message>
        <source>%1 has %2 elements, more than the rest of the file holds</source>
        <translation>%1 hat %2 Elemente, mehr als der Rest der Datei fasst</translation>
    </message>
    <message>
        <source>%1 nests arrays more than %2 deep</source>
        <translation>%1 verschachtelt Arrays tiefer als %2</translation>
    </message>
    <message>
        <source>%1 is a bool of value %2 (0 or 1)</source>
        <translation>%1 ist ein Bool mit dem Wert %2 (0 oder 1)</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1: %2 bytes, too short for a GGUF file</source>
        <translation>%1: %2 Bytes, zu kurz für eine GGUF-Datei</translation>
    </message>
    <message>
        <source>%1: cannot map: %2</source>
        <translation>%1: kann nicht in den Speicher abgebildet werden: %2</translation>
    </message>
    <message>
        <source>the header</source>
        <translation>der Kopf</translation>
    </message>
    <message>
        <source>not a GGUF file (it does not begin with &quot;GGUF&quot;)</source>
        <translation>keine GGUF-Datei (sie beginnt nicht mit „GGUF“)</translation>
    </message>
    <message>
        <source>a big-endian GGUF file: only little-endian files are read</source>
        <translation>eine Big-Endian-GGUF-Datei: nur Little-Endian-Dateien werden gelesen</translation>
    </message>
    <message>
        <source>GGUF version %1: only versions 2 and 3 are read</source>
        <translation>GGUF-Version %1: nur die Versionen 2 und 3 werden gelesen</translation>
    </message>
    <message>
        <source>%1 tensors (at most %2)</source>
        <translation>%1 Tensoren (höchstens %2)</translation>
    </message>
    <message>
        <source>%1 metadata keys (at most %2)</source>
        <translation>%1 Metadatenschlüssel (höchstens %2)</translation>
    </message>
    <message>
        <source>%1 metadata keys and %2 tensors do not fit in the file&apos;s %3 bytes</source>
        <translation>%1 Metadatenschlüssel und %2 Tensoren passen nicht in die %3 Bytes der Datei</translation>
    </message>
    <message>
        <source>metadata key %1</source>
        <translation>Metadatenschlüssel %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>Schlüssel %1</translation>
    </message>
    <message>
        <source>the key %1 is given twice</source>
        <translation>der Schlüssel %1 ist zweimal angegeben</translation>
    </message>
    <message>
        <source>general.alignment must be a power of two up to %1</source>
        <translation>general.alignment muss eine Zweierpotenz bis %1 sein</translation>
    </message>
    <message>
        <source>tensor info %1</source>
        <translation>Tensorangabe %1</translation>
    </message>
    <message>
        <source>tensor &quot;%1&quot;</source>
        <translation>Tensor „%1“</translation>
    </message>
    <message>
        <source>%1 has %2 dimensions (1 to %3)</source>
        <translation>%1 hat %2 Dimensionen (1 bis %3)</translation>
    </message>
    <message>
        <source>%1 has a dimension of %2 (its values must number 1 to %3)</source>
        <translation>%1 hat eine Dimension von %2 (seine Werte müssen 1 bis %3 zählen)</translation>
    </message>
    <message>
        <source>%1 is of the type %2, which attnviz does not read (it reads F32, F16, BF16, F64, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K and Q6_K)</source>
        <translation>%1 ist vom Typ %2, den attnviz nicht liest (es liest F32, F16, BF16, F64, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K und Q6_K)</translation>
    </message>
    <message>
        <source>%1 (%2) has rows of %3 values, not a multiple of its blocks of %4</source>
        <translation>%1 (%2) hat Zeilen aus %3 Werten, kein Vielfaches seiner Blöcke aus %4</translation>
    </message>
    <message>
        <source>%1 starts at offset %2, not a multiple of the alignment %3</source>
        <translation>%1 beginnt bei Offset %2, keinem Vielfachen der Ausrichtung %3</translation>
    </message>
    <message>
        <source>the tensor &quot;%1&quot; is given twice</source>
        <translation>der Tensor „%1“ ist zweimal angegeben</translation>
    </message>
    <message>
        <source>the data would start at %1, past the end of the file (%2 bytes)</source>
        <translation>die Daten begännen bei %1, hinter dem Ende der Datei (%2 Bytes)</translation>
    </message>
    <message>
        <source>tensor &quot;%1&quot; (bytes %2 to %3 of the data) runs past the end of the file (the data has %4 bytes)</source>
        <translation>Tensor „%1“ (Bytes %2 bis %3 der Daten) reicht über das Ende der Datei hinaus (die Daten haben %4 Bytes)</translation>
    </message>
    <message>
        <source>the tensors &quot;%1&quot; and &quot;%2&quot; overlap</source>
        <translation>die Tensoren „%1“ und „%2“ überlappen sich</translation>
    </message>
    <message>
        <source>: missing</source>
        <translation>: fehlt</translation>
    </message>
    <message>
        <source>: not an array of %1</source>
        <translation>: kein Array von %1</translation>
    </message>
    <message>
        <source>: a %1, not an integer</source>
        <translation>: ein %1, keine ganze Zahl</translation>
    </message>
    <message>
        <source>: a %1, not a number</source>
        <translation>: ein %1, keine Zahl</translation>
    </message>
    <message>
        <source>: a %1, not a bool</source>
        <translation>: ein %1, kein Bool</translation>
    </message>
    <message>
        <source>: a %1, not a string</source>
        <translation>: ein %1, keine Zeichenkette</translation>
    </message>
    <message>
        <source>: a %1, not an array</source>
        <translation>: ein %1, kein Array</translation>
    </message>
    <message>
        <source>a FIFO</source>
        <translation>ein FIFO</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>ein Gerät</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>ein Socket</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>ein Ordner</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>eine Spezialdatei</translation>
    </message>
    <message>
        <source>%1: not a regular file (%2)</source>
        <translation>%1: keine reguläre Datei (%2)</translation>
    </message>
    <message>
        <source>expected an array of at most %1 numbers, got %2</source>
        <translation>erwartet: ein Array von höchstens %1 Zahlen, erhalten: %2</translation>
    </message>
</context>
<context>
    <name>attn::limits</name>
    <message>
        <source>%1 has %2 tokens: at most %3 tokens are supported</source>
        <translation>%1 hat %2 Tokens: höchstens %3 Tokens werden unterstützt</translation>
    </message>
    <message>
        <source>%1 is %2: at most %3 is supported for a dimension (p, d_k, d_v, p_out)</source>
        <translation>%1 ist %2: höchstens %3 wird für eine Dimension unterstützt (p, d_k, d_v, p_out)</translation>
    </message>
    <message>
        <source>there are %1 heads: at most %2 heads are supported</source>
        <translation>es gibt %1 Köpfe: höchstens %2 Köpfe werden unterstützt</translation>
    </message>
    <message numerus="yes">
        <source>%1 queries × %2 keys × %n head(s) is too large: at most %3 attention weights are supported</source>
        <translation>
            <numerusform>%1 Queries × %2 Keys × %n Kopf ist zu groß: höchstens %3 Attention-Gewichte werden unterstützt</numerusform>
            <numerusform>%1 Queries × %2 Keys × %n Köpfe ist zu groß: höchstens %3 Attention-Gewichte werden unterstützt</numerusform>
        </translation>
    </message>
    <message>
        <source>the inputs would hold %1 numbers: at most %2 numbers are supported in X, the context and the weights together</source>
        <translation>die Eingaben würden %1 Zahlen enthalten: höchstens %2 Zahlen werden in X, dem Kontext und den Gewichten zusammen unterstützt</translation>
    </message>
    <message>
        <source>%1 has %2 characters: at most %3 are supported</source>
        <translation>%1 hat %2 Zeichen: höchstens %3 werden unterstützt</translation>
    </message>
    <message>
        <source>the sliding window is %1 keys: at most %2 are supported</source>
        <translation>das gleitende Fenster ist %1 Keys groß: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>there are %1 global tokens: at most %2 are supported</source>
        <translation>es gibt %1 globale Tokens: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>head %1 is in key/value group %2: the groups are numbered 0 to %3</source>
        <translation>Kopf %1 ist in Key/Value-Gruppe %2: die Gruppen sind von 0 bis %3 nummeriert</translation>
    </message>
    <message>
        <source>there are %1 ALiBi slopes: at most %2 (one per head) are supported</source>
        <translation>es gibt %1 ALiBi-Steigungen: höchstens %2 (eine je Kopf) werden unterstützt</translation>
    </message>
    <message>
        <source>the embedding size p</source>
        <translation>die Einbettungsgröße p</translation>
    </message>
    <message>
        <source>the context</source>
        <translation>der Kontext</translation>
    </message>
    <message>
        <source>the context&apos;s embedding size p_c</source>
        <translation>die Einbettungsgröße p_c des Kontexts</translation>
    </message>
    <message>
        <source>d_k of head %1</source>
        <translation>d_k von Kopf %1</translation>
    </message>
    <message>
        <source>d_v of head %1</source>
        <translation>d_v von Kopf %1</translation>
    </message>
    <message>
        <source>p_out (the columns of Wo)</source>
        <translation>p_out (die Spalten von Wo)</translation>
    </message>
    <message>
        <source>token label %1</source>
        <translation>Token-Bezeichnung %1</translation>
    </message>
    <message>
        <source>context token label %1</source>
        <translation>Kontext-Token-Bezeichnung %1</translation>
    </message>
    <message>
        <source>%1 is %2 bytes: at most %3 are read</source>
        <translation>%1 ist %2 Bytes groß: höchstens %3 werden gelesen</translation>
    </message>
    <message>
        <source>%1 is %2: at most %3 is supported</source>
        <translation>%1 ist %2: höchstens %3 wird unterstützt</translation>
    </message>
    <message>
        <source>a run of %1 tokens would keep %2 numbers: at most %3 are supported (use fewer tokens)</source>
        <translation>ein Lauf über %1 Tokens würde %2 Zahlen behalten: höchstens %3 werden unterstützt (weniger Tokens verwenden)</translation>
    </message>
    <message>
        <source>%1 is %2: from %3 to %4 are supported</source>
        <translation>%1 ist %2: unterstützt werden %3 bis %4</translation>
    </message>
    <message>
        <source>a run of %1 tokens would keep %2 numbers even without its attention maps: at most %3 are supported (use fewer tokens)</source>
        <translation>ein Lauf mit %1 Tokens hielte selbst ohne seine Attention-Karten %2 Zahlen: höchstens %3 werden unterstützt (weniger Tokens verwenden)</translation>
    </message>
</context>
<context>
    <name>attn::networkreadings</name>
    <message>
        <source>the two runs are of different ids</source>
        <translation>die beiden Läufe haben verschiedene IDs</translation>
    </message>
    <message>
        <source>the two models differ in shape (%1 and %2 layers, vocabularies of %3 and %4)</source>
        <translation>die beiden Modelle unterscheiden sich in der Form (%1 und %2 Schichten, Vokabulare von %3 und %4)</translation>
    </message>
    <message>
        <source>the two models differ in shape at layer %1</source>
        <translation>die beiden Modelle unterscheiden sich in der Form bei Schicht %1</translation>
    </message>
    <message>
        <source>%1 is not a decoder: logit attribution reads a decoder&apos;s final norm and LM head</source>
        <translation>%1 ist kein Decoder: die Logit-Attribution liest die abschließende Normierung und den LM-Kopf eines Decoders</translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary 0 … %2</source>
        <translation>die Token-ID %1 liegt außerhalb des Vokabulars 0 … %2</translation>
    </message>
    <message>
        <source>there is no position %1: the run has %2 tokens</source>
        <translation>es gibt keine Position %1: der Lauf hat %2 Tokens</translation>
    </message>
    <message>
        <source>the final norm is frozen at position %1: its scale%2 comes from the whole residual stream there, so each part is what it adds through that scale</source>
        <translation>die abschließende Normierung ist an Position %1 eingefroren: ihre Skalierung%2 kommt vom ganzen Residualstrom dort, jeder Teil ist also, was er durch diese Skalierung beiträgt</translation>
    </message>
    <message>
        <source> and centring</source>
        <translation> und Zentrierung</translation>
    </message>
    <message>
        <source>the norms are RMSNorm with a gain of 1 + w, as stored</source>
        <translation>die Normierungen sind RMSNorm mit dem Faktor 1 + w, wie gespeichert</translation>
    </message>
    <message>
        <source>each attention and MLP output passes its own norm before the residual sum; those norms are frozen at the position too</source>
        <translation>jede Ausgabe von Attention und MLP durchläuft vor der Residualsumme ihre eigene Normierung; auch diese sind an der Position eingefroren</translation>
    </message>
    <message>
        <source>the logits are soft-capped (%1·tanh(logit/%1)), which is not a sum: the parts add up to the logit before the cap (%2); after it the logit is %3</source>
        <translation>die Logits sind weich gekappt (%1·tanh(logit/%1)), was keine Summe ist: die Teile ergeben den Logit vor der Kappung (%2); danach ist der Logit %3</translation>
    </message>
</context>
<context>
    <name>attn::tokenizer</name>
    <message>
        <source>expected two tokens separated by one space, got &quot;%1&quot;</source>
        <translation>erwartet zwei durch ein Leerzeichen getrennte Tokens, gefunden „%1“</translation>
    </message>
    <message>
        <source>a token of %1 characters: at most %2 are supported</source>
        <translation>ein Token mit %1 Zeichen: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>%1 lines: at most %2 merges are supported</source>
        <translation>%1 Zeilen: höchstens %2 Merges werden unterstützt</translation>
    </message>
    <message>
        <source>not UTF-8 text</source>
        <translation>kein UTF-8-Text</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>erwartet ein Objekt, gefunden %1</translation>
    </message>
    <message>
        <source>the vocabulary has no token for the byte 0x%1 (&quot;%2&quot;): it is not a byte-level BPE vocabulary</source>
        <translation>das Vokabular hat kein Token für das Byte 0x%1 („%2“): es ist kein Byte-Level-BPE-Vokabular</translation>
    </message>
    <message>
        <source>the token &quot;%1&quot; is not in the vocabulary</source>
        <translation>das Token „%1“ ist nicht im Vokabular</translation>
    </message>
    <message>
        <source>is true but no bos_token is named</source>
        <translation>ist true, aber kein bos_token ist angegeben</translation>
    </message>
    <message>
        <source>is true but no eos_token is named</source>
        <translation>ist true, aber kein eos_token ist angegeben</translation>
    </message>
    <message>
        <source>byte-level BPE from %1 and %2, %3 tokens</source>
        <translation>Byte-Level-BPE aus %1 und %2, %3 Tokens</translation>
    </message>
    <message>
        <source>WordPiece (BERT): read its vocab.txt instead</source>
        <translation>WordPiece (BERT): stattdessen dessen vocab.txt lesen</translation>
    </message>
    <message>
        <source>model type &quot;%1&quot;: only BPE is supported</source>
        <translation>Modelltyp „%1“: nur BPE wird unterstützt</translation>
    </message>
    <message>
        <source>BPE dropout makes tokens random: only null is supported</source>
        <translation>BPE-Dropout macht die Tokens zufällig: nur null wird unterstützt</translation>
    </message>
    <message>
        <source>not supported by byte-level BPE</source>
        <translation>von Byte-Level-BPE nicht unterstützt</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>erwartet ein Array, gefunden %1</translation>
    </message>
    <message>
        <source>%1 merges: at most %2 are supported</source>
        <translation>%1 Merges: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>expected &quot;first second&quot; or a pair of tokens, got %1</source>
        <translation>erwartet „erstes zweites“ oder ein Paar von Tokens, gefunden %1</translation>
    </message>
    <message>
        <source>a token longer than %1 characters</source>
        <translation>ein Token mit mehr als %1 Zeichen</translation>
    </message>
    <message>
        <source>%1 tokens: at most %2 are supported</source>
        <translation>%1 Tokens: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>normalizer &quot;%1&quot; is not supported (NFC, NFD, NFKC, NFKD, Lowercase and Sequence are)</source>
        <translation>der Normalizer „%1“ wird nicht unterstützt (NFC, NFD, NFKC, NFKD, Lowercase und Sequence werden es)</translation>
    </message>
    <message>
        <source>a second ByteLevel pre-tokenizer</source>
        <translation>ein zweiter ByteLevel-Pre-Tokenizer</translation>
    </message>
    <message>
        <source>only one Split before the ByteLevel pre-tokenizer is supported</source>
        <translation>nur ein Split vor dem ByteLevel-Pre-Tokenizer wird unterstützt</translation>
    </message>
    <message>
        <source>only a Split with behavior &quot;Isolated&quot;, not inverted, is supported</source>
        <translation>nur ein Split mit behavior „Isolated“, nicht invertiert, wird unterstützt</translation>
    </message>
    <message>
        <source>expected {&quot;Regex&quot;: …} or {&quot;String&quot;: …}, got %1</source>
        <translation>erwartet {&quot;Regex&quot;: …} oder {&quot;String&quot;: …}, gefunden %1</translation>
    </message>
    <message>
        <source>a pattern of %1 characters: at most %2 are supported</source>
        <translation>ein Muster mit %1 Zeichen: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>not a valid regular expression: %1 at %2</source>
        <translation>kein gültiger regulärer Ausdruck: %1 an Stelle %2</translation>
    </message>
    <message>
        <source>pre-tokenizer &quot;%1&quot; is not supported (ByteLevel after at most one Split is)</source>
        <translation>der Pre-Tokenizer „%1“ wird nicht unterstützt (ByteLevel nach höchstens einem Split wird es)</translation>
    </message>
    <message>
        <source>there is no ByteLevel pre-tokenizer: only byte-level BPE is supported</source>
        <translation>es gibt keinen ByteLevel-Pre-Tokenizer: nur Byte-Level-BPE wird unterstützt</translation>
    </message>
    <message>
        <source>expected [token, id]</source>
        <translation>erwartet [Token, ID]</translation>
    </message>
    <message>
        <source>post-processor &quot;%1&quot; is not supported</source>
        <translation>der Post-Processor „%1“ wird nicht unterstützt</translation>
    </message>
    <message>
        <source>expected a Sequence or a SpecialToken, got %1</source>
        <translation>erwartet eine Sequence oder ein SpecialToken, gefunden %1</translation>
    </message>
    <message>
        <source>no token has the id %1</source>
        <translation>kein Token hat die ID %1</translation>
    </message>
    <message>
        <source>byte-level BPE from %1, %2 tokens</source>
        <translation>Byte-Level-BPE aus %1, %2 Tokens</translation>
    </message>
    <message>
        <source>the text has %1 bytes of UTF-8: at most %2 are supported</source>
        <translation>der Text hat %1 Bytes UTF-8: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>expected an object of ids, got %1</source>
        <translation>erwartet ein Objekt von IDs, gefunden %1</translation>
    </message>
    <message>
        <source>expected a token id, a whole number from 0 to %1</source>
        <translation>erwartet eine Token-ID, eine ganze Zahl von 0 bis %1</translation>
    </message>
    <message>
        <source>%1 is missing beside it</source>
        <translation>%1 fehlt daneben</translation>
    </message>
    <message>
        <source>merges alone are not a tokenizer: give the vocab.json or encoder.json beside them</source>
        <translation>Merges allein sind kein Tokenizer: die vocab.json oder encoder.json daneben angeben</translation>
    </message>
    <message>
        <source>not a tokenizer file: expected %1</source>
        <translation>keine Tokenizer-Datei: erwartet %1</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>keine solche Datei</translation>
    </message>
    <message>
        <source>not a file</source>
        <translation>keine Datei</translation>
    </message>
    <message>
        <source>the file is too large (%1 bytes; at most %2 MiB)</source>
        <translation>die Datei ist zu groß (%1 Bytes; höchstens %2 MiB)</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the file is too large (at most %1 MiB)</source>
        <translation>die Datei ist zu groß (höchstens %1 MiB)</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>keine solche Datei und kein solcher Ordner</translation>
    </message>
    <message>
        <source>the folder has no tokenizer: expected %1</source>
        <translation>der Ordner hat keinen Tokenizer: erwartet %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at byte %2</source>
        <translation>kein gültiges JSON: %1 bei Byte %2</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>erwartet ein JSON-Objekt</translation>
    </message>
    <message>
        <source>expected a token id, a whole number from 0 to %1, got %2</source>
        <translation>erwartet eine Token-ID, eine ganze Zahl von 0 bis %1, gefunden %2</translation>
    </message>
    <message>
        <source>expected the vocabulary as an object of tokens and ids, got %1</source>
        <translation>erwartet das Vokabular als Objekt aus Tokens und IDs, gefunden %1</translation>
    </message>
    <message>
        <source>a token is empty</source>
        <translation>ein Token ist leer</translation>
    </message>
    <message>
        <source>id %1 is also the id of &quot;%2&quot;</source>
        <translation>ID %1 ist auch die ID von „%2“</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>erwartet true oder false, gefunden %1</translation>
    </message>
    <message>
        <source>expected a text, got %1</source>
        <translation>erwartet einen Text, gefunden %1</translation>
    </message>
    <message>
        <source>expected an added token object, got %1</source>
        <translation>erwartet ein Objekt eines hinzugefügten Tokens, gefunden %1</translation>
    </message>
    <message>
        <source>an added token is empty</source>
        <translation>ein hinzugefügtes Token ist leer</translation>
    </message>
    <message>
        <source>expected a token as a text or an object with its content, got %1</source>
        <translation>erwartet ein Token als Text oder als Objekt mit seinem Inhalt, gefunden %1</translation>
    </message>
    <message>
        <source>%1 lines: at most %2 tokens are supported</source>
        <translation>%1 Zeilen: höchstens %2 Tokens werden unterstützt</translation>
    </message>
    <message>
        <source>the vocabulary has no &quot;%1&quot; token</source>
        <translation>das Vokabular hat kein Token „%1“</translation>
    </message>
    <message>
        <source>WordPiece from %1, %2 tokens, %3</source>
        <translation>WordPiece aus %1, %2 Tokens, %3</translation>
    </message>
    <message>
        <source>lower case</source>
        <translation>Kleinschreibung</translation>
    </message>
    <message>
        <source>case kept</source>
        <translation>Groß- und Kleinschreibung erhalten</translation>
    </message>
    <message>
        <source>a vocabulary of %1 tokens: a byte-level BPE has from 257 to %2</source>
        <translation>ein Vokabular von %1 Tokens: ein Byte-Level-BPE hat 257 bis %2</translation>
    </message>
    <message>
        <source>a corpus of %1 bytes: at most %2 are supported</source>
        <translation>ein Korpus von %1 Bytes: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>SentencePiece BPE from %1, %2 tokens</source>
        <translation>SentencePiece-BPE aus %1, %2 Tokens</translation>
    </message>
    <message>
        <source>&quot;%1&quot; + &quot;%2&quot;: a piece that is not in the vocabulary</source>
        <translation>„%1“ + „%2“: ein Stück, das nicht im Vokabular ist</translation>
    </message>
    <message>
        <source>more than %1 steps: at most %1 are supported</source>
        <translation>mehr als %1 Schritte: höchstens %1 werden unterstützt</translation>
    </message>
    <message>
        <source>its steps could make a text more than %1 times longer: at most %1 is supported</source>
        <translation>seine Schritte könnten einen Text mehr als %1-mal länger machen: höchstens %1 wird unterstützt</translation>
    </message>
    <message>
        <source>a text of %1 characters: at most %2 are supported</source>
        <translation>ein Text mit %1 Zeichen: höchstens %2 werden unterstützt</translation>
    </message>
    <message>
        <source>expected a text, got nothing</source>
        <translation>erwartet einen Text, gefunden nichts</translation>
    </message>
    <message>
        <source>expected one character, got &quot;%1&quot;</source>
        <translation>erwartet ein Zeichen, gefunden „%1“</translation>
    </message>
    <message>
        <source>expected {&quot;String&quot;: …}: only a string is supported as a pattern here, got %1</source>
        <translation>erwartet {&quot;String&quot;: …}: hier wird nur eine Zeichenkette als Muster unterstützt, gefunden %1</translation>
    </message>
    <message>
        <source>expected a whole number from 0 to %1, got %2</source>
        <translation>erwartet eine ganze Zahl von 0 bis %1, gefunden %2</translation>
    </message>
    <message>
        <source>expected &quot;always&quot;, &quot;first&quot; or &quot;never&quot;, got &quot;%1&quot;</source>
        <translation>erwartet „always“, „first“ oder „never“, gefunden „%1“</translation>
    </message>
    <message>
        <source>%1: %2 bytes: at most %3 characters are supported</source>
        <translation>%1: %2 Bytes: höchstens %3 Zeichen werden unterstützt</translation>
    </message>
    <message>
        <source>%1: not UTF-8 text</source>
        <translation>%1: kein UTF-8-Text</translation>
    </message>
    <message>
        <source>%1: %2 characters: at most %3 are supported</source>
        <translation>%1: %2 Zeichen: höchstens %3 werden unterstützt</translation>
    </message>
    <message>
        <source>piece %1: type %2 is not a piece type (1 to 6)</source>
        <translation>Stück %1: Typ %2 ist kein Stücktyp (1 bis 6)</translation>
    </message>
    <message>
        <source>piece %1 is empty</source>
        <translation>Stück %1 ist leer</translation>
    </message>
    <message>
        <source>normalizer &quot;%1&quot; is not supported (Prepend, Replace, NFC, NFD, NFKC, NFKD, Lowercase and Sequence are)</source>
        <translation>der Normalizer „%1“ wird nicht unterstützt (Prepend, Replace, NFC, NFD, NFKC, NFKD, Lowercase und Sequence werden es)</translation>
    </message>
    <message>
        <source>pre-tokenizer &quot;%1&quot; is not supported by SentencePiece&apos;s BPE (none or Metaspace is)</source>
        <translation>der Pre-Tokenizer „%1“ wird von SentencePiece-BPE nicht unterstützt (keiner oder Metaspace wird es)</translation>
    </message>
    <message>
        <source>a second Metaspace pre-tokenizer</source>
        <translation>ein zweiter Metaspace-Pre-Tokenizer</translation>
    </message>
    <message>
        <source>decoder &quot;%1&quot; is not supported (Replace, ByteFallback, Fuse, Strip, Metaspace and Sequence are)</source>
        <translation>der Decoder „%1“ wird nicht unterstützt (Replace, ByteFallback, Fuse, Strip, Metaspace und Sequence werden es)</translation>
    </message>
    <message>
        <source>more than %1 pieces: at most %1 are supported</source>
        <translation>mehr als %1 Stücke: höchstens %1 werden unterstützt</translation>
    </message>
    <message>
        <source>no pieces: not a SentencePiece model</source>
        <translation>keine Stücke: kein SentencePiece-Modell</translation>
    </message>
    <message>
        <source>a Unigram model (as T5&apos;s, ALBERT&apos;s and XLNet&apos;s): only SentencePiece&apos;s BPE models (Llama 2, Mistral, Gemma) are supported</source>
        <translation>ein Unigram-Modell (wie das von T5, ALBERT und XLNet): nur die BPE-Modelle von SentencePiece (Llama 2, Mistral, Gemma) werden unterstützt</translation>
    </message>
    <message>
        <source>model type %1: only SentencePiece&apos;s BPE models (type 2) are supported</source>
        <translation>Modelltyp %1: nur die BPE-Modelle von SentencePiece (Typ 2) werden unterstützt</translation>
    </message>
    <message>
        <source>is not supported</source>
        <translation>wird nicht unterstützt</translation>
    </message>
    <message>
        <source>the normalization &quot;%1&quot; (a precompiled character map) is not supported: only the identity, as Llama&apos;s, Mistral&apos;s and Gemma&apos;s</source>
        <translation>die Normalisierung „%1“ (eine vorkompilierte Zeichentabelle) wird nicht unterstützt: nur die Identität, wie bei Llama, Mistral und Gemma</translation>
    </message>
    <message>
        <source>the piece &quot;%1&quot; is given twice (ids %2 and %3)</source>
        <translation>das Stück „%1“ ist doppelt angegeben (IDs %2 und %3)</translation>
    </message>
    <message>
        <source>pieces %1 and %2 are both the unknown piece</source>
        <translation>die Stücke %1 und %2 sind beide das unbekannte Stück</translation>
    </message>
    <message>
        <source>piece %1 (&quot;%2&quot;) is of the type byte but not &lt;0x00&gt; … &lt;0xFF&gt;</source>
        <translation>Stück %1 („%2“) ist vom Typ Byte, aber nicht &lt;0x00&gt; … &lt;0xFF&gt;</translation>
    </message>
    <message>
        <source>no piece is the unknown piece (type 2)</source>
        <translation>kein Stück ist das unbekannte Stück (Typ 2)</translation>
    </message>
    <message>
        <source>byte_fallback is on but no piece is the byte &lt;0x%1&gt;</source>
        <translation>byte_fallback ist eingeschaltet, aber kein Stück ist das Byte &lt;0x%1&gt;</translation>
    </message>
    <message>
        <source>no piece has the id %1</source>
        <translation>kein Stück hat die ID %1</translation>
    </message>
    <message>
        <source>not supported by SentencePiece&apos;s BPE</source>
        <translation>von SentencePiece-BPE nicht unterstützt</translation>
    </message>
    <message>
        <source>no tokenizer: the text is token ids</source>
        <translation>kein Tokenizer: der Text sind Token-IDs</translation>
    </message>
    <message>
        <source>%1 token ids are more than %2</source>
        <translation>%1 Token-IDs sind mehr als %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token id: this model has no tokenizer, so type ids (1, 15043, 3186)</source>
        <translation>&quot;%1&quot; ist keine Token-ID: dieses Modell hat keinen Tokenizer, also IDs eingeben (1, 15043, 3186)</translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary 0 … %2</source>
        <translation>die Token-ID %1 liegt außerhalb des Vokabulars 0 … %2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>%1 tokens (1 to %2)</source>
        <translation>%1 Tokens (1 bis %2)</translation>
    </message>
    <message>
        <source>%1 entries, but tokenizer.ggml.tokens has %2</source>
        <translation>%1 Einträge, aber tokenizer.ggml.tokens hat %2</translation>
    </message>
    <message>
        <source>token %1 has the type %2 (0 to 6)</source>
        <translation>Token %1 hat den Typ %2 (0 bis 6)</translation>
    </message>
    <message>
        <source>a token of %1 characters (at most %2)</source>
        <translation>ein Token aus %1 Zeichen (höchstens %2)</translation>
    </message>
    <message>
        <source>token %1 (&quot;%2&quot;) is of the type byte but not &lt;0x00&gt; … &lt;0xFF&gt;</source>
        <translation>Token %1 („%2“) ist vom Typ Byte, aber nicht &lt;0x00&gt; … &lt;0xFF&gt;</translation>
    </message>
    <message>
        <source>%1 merges (at most %2)</source>
        <translation>%1 Merges (höchstens %2)</translation>
    </message>
    <message>
        <source>merge %1 (&quot;%2&quot;) is not two tokens and a space</source>
        <translation>Merge %1 („%2“) besteht nicht aus zwei Tokens und einem Leerzeichen</translation>
    </message>
    <message>
        <source>the pre-tokenizer &quot;%1&quot; is not read (gpt-2, qwen2 and llama-bpe are)</source>
        <translation>der Prä-Tokenizer „%1“ wird nicht gelesen (gpt-2, qwen2 und llama-bpe werden gelesen)</translation>
    </message>
    <message>
        <source>missing: the file carries no tokenizer</source>
        <translation>fehlt: die Datei enthält keinen Tokenizer</translation>
    </message>
    <message>
        <source>the tokenizer &quot;%1&quot; is not read (llama and gpt2 are)</source>
        <translation>der Tokenizer „%1“ wird nicht gelesen (llama und gpt2 werden gelesen)</translation>
    </message>
</context>
<context>
    <name>attn::training</name>
    <message>
        <source>%1 tokens do not split into %2 sequences</source>
        <translation>%1 Tokens lassen sich nicht in %2 Folgen teilen</translation>
    </message>
    <message>
        <source>a sequence needs at least 2 tokens for a next-token loss</source>
        <translation>eine Folge braucht mindestens 2 Tokens für einen Verlust des nächsten Tokens</translation>
    </message>
    <message>
        <source>%1 tokens are more than the model&apos;s %2 positions</source>
        <translation>%1 Tokens sind mehr als die %2 Positionen des Modells</translation>
    </message>
    <message>
        <source>token id %1 (at position %2) is outside the vocabulary 0 … %3</source>
        <translation>Token-ID %1 (an Position %2) liegt außerhalb des Vokabulars 0 … %3</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the file is larger than the model&apos;s state</source>
        <translation>die Datei ist größer als der Zustand des Modells</translation>
    </message>
    <message>
        <source>the file is truncated</source>
        <translation>die Datei ist abgeschnitten</translation>
    </message>
    <message>
        <source>the tensor &quot;%1&quot; is missing or does not match the model</source>
        <translation>der Tensor &quot;%1&quot; fehlt oder passt nicht zum Modell</translation>
    </message>
    <message>
        <source>the tensor &quot;%1&quot; holds NaN or ±∞</source>
        <translation>der Tensor &quot;%1&quot; enthält NaN oder ±∞</translation>
    </message>
    <message>
        <source>not a training state of attnviz (&quot;format&quot;: &quot;%1&quot; expected)</source>
        <translation>kein Trainingszustand von attnviz (&quot;format&quot;: &quot;%1&quot; erwartet)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing or not a whole number</source>
        <translation>&quot;%1&quot; fehlt oder ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>&quot;data&quot; must be &quot;corpus&quot; or &quot;induction&quot;</source>
        <translation>&quot;data&quot; muss &quot;corpus&quot; oder &quot;induction&quot; sein</translation>
    </message>
    <message>
        <source>&quot;learning_rate&quot; must lie between 0 and 1</source>
        <translation>&quot;learning_rate&quot; muss zwischen 0 und 1 liegen</translation>
    </message>
    <message>
        <source>&quot;init_deviation&quot; must lie in (0, 1]</source>
        <translation>&quot;init_deviation&quot; muss in (0, 1] liegen</translation>
    </message>
    <message>
        <source>&quot;seed&quot; is missing or not a whole number</source>
        <translation>&quot;seed&quot; fehlt oder ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>--d-model %1 must be --heads %2 times an even head size</source>
        <translation>--d-model %1 muss --heads %2 mal eine gerade Kopfgröße sein</translation>
    </message>
    <message>
        <source>--lr must lie between 0 and 1</source>
        <translation>--lr muss zwischen 0 und 1 liegen</translation>
    </message>
    <message>
        <source>--sequence %1: the induction task needs an even length (a half and its repeat)</source>
        <translation>--sequence %1: die Induktionsaufgabe braucht eine gerade Länge (eine Hälfte und ihre Wiederholung)</translation>
    </message>
    <message>
        <source>the corpus has %1 tokens, fewer than one sequence of %2</source>
        <translation>der Korpus hat %1 Tokens, weniger als eine Folge von %2</translation>
    </message>
    <message>
        <source>training this model would keep about %1 numbers: at most %2 are supported (fewer layers, a smaller --d-model, --batch or --sequence)</source>
        <translation>das Training dieses Modells hielte etwa %1 Zahlen: höchstens %2 werden unterstützt (weniger Schichten, ein kleineres --d-model, --batch oder --sequence)</translation>
    </message>
    <message>
        <source>the file is too large</source>
        <translation>die Datei ist zu groß</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>&quot;step&quot; is missing or out of range</source>
        <translation>&quot;step&quot; fehlt oder liegt außerhalb des Bereichs</translation>
    </message>
    <message>
        <source>%1 loss flags for %2 tokens</source>
        <translation>%1 Verlust-Markierungen für %2 Tokens</translation>
    </message>
    <message>
        <source>the window&apos;s first id %1 is not below the vocabulary&apos;s %2, or the corpus has fewer than %3 tokens</source>
        <translation>die erste ID %1 des Fensters liegt nicht unter der des Vokabulars %2, oder der Korpus hat weniger als %3 Tokens</translation>
    </message>
    <message>
        <source>this MLP activation</source>
        <translation>diese MLP-Aktivierung</translation>
    </message>
    <message>
        <source>norms after each sublayer</source>
        <translation>Normen nach jeder Teilschicht</translation>
    </message>
    <message>
        <source>%1 uses %2, which the gradient does not follow yet</source>
        <translation>%1 verwendet %2, dem der Gradient noch nicht folgt</translation>
    </message>
</context>
<context>
    <name>attn::transformer</name>
    <message>
        <source>there is no layer %1: the model has %2</source>
        <translation>es gibt keine Schicht %1: das Modell hat %2</translation>
    </message>
    <message>
        <source>there is no head %1: the layer has %2</source>
        <translation>es gibt keinen Kopf %1: die Schicht hat %2</translation>
    </message>
    <message>
        <source>%1 token labels for a run of %2 tokens</source>
        <translation>%1 Token-Beschriftungen für einen Lauf mit %2 Tokens</translation>
    </message>
    <message>
        <source>BERT has no final norm and LM head after each layer: the logit lens reads decoders</source>
        <translation>BERT hat nach den Schichten keine abschließende Normierung mit LM-Kopf: die Logit-Linse liest Decoder</translation>
    </message>
    <message>
        <source>%1: the factor is not a finite number</source>
        <translation>%1: der Faktor ist keine endliche Zahl</translation>
    </message>
    <message>
        <source>%1: the values are %2 × %3, the head needs %4 × %5</source>
        <translation>%1: die Werte sind %2 × %3, der Kopf braucht %4 × %5</translation>
    </message>
    <message>
        <source>%1: the values are not all finite numbers</source>
        <translation>%1: nicht alle Werte sind endliche Zahlen</translation>
    </message>
    <message>
        <source>%1: there is no run B to patch from</source>
        <translation>%1: es gibt keinen Lauf B, aus dem übernommen werden kann</translation>
    </message>
    <message>
        <source>%1: run B has %2 tokens and this run %3: patching needs the same length</source>
        <translation>%1: Lauf B hat %2 Tokens und dieser Lauf %3: das Übernehmen braucht dieselbe Länge</translation>
    </message>
    <message>
        <source>%1: run B is not a run of the same model</source>
        <translation>%1: Lauf B ist kein Lauf desselben Modells</translation>
    </message>
    <message>
        <source>the full circuits of a vocabulary of %1 tokens are too large: at most %2</source>
        <translation>die vollständigen Schaltkreise eines Vokabulars von %1 Tokens sind zu groß: höchstens %2</translation>
    </message>
    <message>
        <source>the run is not a run of this model</source>
        <translation>der Lauf ist kein Lauf dieses Modells</translation>
    </message>
    <message>
        <source>the runs are not of one model on as many tokens</source>
        <translation>die Läufe sind nicht Läufe eines Modells auf gleich vielen Tokens</translation>
    </message>
    <message>
        <source>a sliding window of one key</source>
        <translation>ein gleitendes Fenster aus einem Key</translation>
    </message>
    <message>
        <source>W_QK is not a linear map here: each head&apos;s q and k are normalised between the projections and the scores</source>
        <translation>W_QK ist hier keine lineare Abbildung: q und k jedes Kopfes werden zwischen den Projektionen und den Scores normalisiert</translation>
    </message>
    <message>
        <source>%1&apos;s heads use %2, which the workbench does not compute</source>
        <translation>Die Köpfe von %1 verwenden %2, was die Werkbank nicht berechnet</translation>
    </message>
    <message>
        <source>%1 is not a decoder: it does not continue a text</source>
        <translation>%1 ist kein Decoder: er setzt keinen Text fort</translation>
    </message>
    <message>
        <source>%1 does not apply while the model writes: only ablations to zero, scales and steering do (a mean or a patch would change the positions already written)</source>
        <translation>%1 gilt nicht, während das Modell schreibt: nur Ablationen auf null, Skalierungen und Steuerung gelten (ein Mittelwert oder ein Patch würde die schon geschriebenen Positionen ändern)</translation>
    </message>
    <message>
        <source>the temperature must be a finite number from 0 (greedy)</source>
        <translation>die Temperatur muss eine endliche Zahl ab 0 (gierig) sein</translation>
    </message>
    <message>
        <source>%1 tokens and %2 more are more than the model&apos;s %3 positions</source>
        <translation>%1 Tokens und %2 weitere sind mehr als die %3 Positionen des Modells</translation>
    </message>
    <message>
        <source>%1: the vector has %2 × %3 numbers, the residual stream %4</source>
        <translation>%1: der Vektor hat %2 × %3 Zahlen, der Residualstrom %4</translation>
    </message>
    <message>
        <source>%1: the vector is not all finite numbers</source>
        <translation>%1: nicht alle Zahlen des Vektors sind endlich</translation>
    </message>
    <message>
        <source>%1: there is no position %2: the run has %3 tokens</source>
        <translation>%1: es gibt keine Position %2: der Lauf hat %3 Tokens</translation>
    </message>
    <message>
        <source>--fields: there is no field &quot;%1&quot; (the fields are %2)</source>
        <translation>--fields: es gibt kein Feld „%1“ (die Felder sind %2)</translation>
    </message>
    <message>
        <source>--fields names no field</source>
        <translation>--fields nennt kein Feld</translation>
    </message>
    <message>
        <source>--heads expects L:H[,L:H…], got &quot;%1&quot;</source>
        <translation>--heads erwartet L:H[,L:H…], erhielt „%1“</translation>
    </message>
    <message>
        <source>--heads %1: there is no layer %2: the model has %3</source>
        <translation>--heads %1: es gibt keine Schicht %2: das Modell hat %3</translation>
    </message>
    <message>
        <source>--heads %1: there is no head %2: a layer has %3</source>
        <translation>--heads %1: es gibt keinen Kopf %2: eine Schicht hat %3</translation>
    </message>
    <message>
        <source>--heads names no head</source>
        <translation>--heads nennt keinen Kopf</translation>
    </message>
    <message>
        <source>%1 is not a decoder: its runs keep every attention map</source>
        <translation>%1 ist kein Decoder: seine Läufe behalten jede Attention-Karte</translation>
    </message>
    <message>
        <source>a compact run&apos;s layers are recomputed from its model</source>
        <translation>die Schichten eines kompakten Laufs werden aus seinem Modell neu berechnet</translation>
    </message>
    <message>
        <source>a compact run&apos;s logits are recomputed from its model</source>
        <translation>die Logits eines kompakten Laufs werden aus seinem Modell neu berechnet</translation>
    </message>
    <message>
        <source>the head keeps no q, k or statistics for those queries</source>
        <translation>der Kopf behält für diese Queries kein q, k und keine Statistik</translation>
    </message>
    <message>
        <source>the rollout multiplies every head&apos;s weights, n × n at once, which a run of this length does not keep</source>
        <translation>der Rollout multipliziert die Gewichte aller Köpfe, n × n auf einmal, und ein Lauf dieser Länge behält sie nicht</translation>
    </message>
    <message>
        <source>the new rows do not fit the run they should extend</source>
        <translation>die neuen Zeilen passen nicht zu dem Lauf, den sie verlängern sollen</translation>
    </message>
</context>
<context>
    <name>attn::ui::AttributionView</name>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>Bias</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>head, attention bias, MLP</source>
        <translation>Kopf, Attention-Bias, MLP</translation>
    </message>
    <message>
        <source>what each part adds to the logit of “%1”</source>
        <translation>was jeder Teil zum Logit von „%1“ beiträgt</translation>
    </message>
    <message>
        <source>The logit of &lt;b&gt;“%1”&lt;/b&gt; after position %2 is %3, the sum of its parts %4: the embeddings %5, the heads and MLPs in the map, the final biases %6.</source>
        <translation>Das Logit von &lt;b&gt;„%1“&lt;/b&gt; nach Position %2 ist %3, die Summe seiner Teile %4: die Embeddings %5, die Köpfe und MLPs in der Karte, die letzten Biases %6.</translation>
    </message>
    <message>
        <source>They differ by %1: an intervention in force (steering) adds to the residual stream outside the parts.</source>
        <translation>Sie unterscheiden sich um %1: ein wirksamer Eingriff (Steuern) addiert außerhalb der Teile zum Residualstrom.</translation>
    </message>
    <message>
        <source>Head %1 of layer %2 adds %3 to the logit of “%4”</source>
        <translation>Kopf %1 der Schicht %2 trägt %3 zum Logit von „%4“ bei</translation>
    </message>
    <message>
        <source>The attention output bias of layer %1 adds %2</source>
        <translation>Der Ausgabe-Bias der Attention in Schicht %1 trägt %2 bei</translation>
    </message>
    <message>
        <source>The MLP of layer %1 adds %2</source>
        <translation>Das MLP der Schicht %1 trägt %2 bei</translation>
    </message>
</context>
<context>
    <name>attn::ui::AutosaveNotice</name>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Hide this notice (autosave keeps trying)</source>
        <translation>Diesen Hinweis ausblenden (das automatische Speichern versucht es weiter)</translation>
    </message>
    <message>
        <source>Autosave failed: %1 (retrying)</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1 (neuer Versuch folgt)</translation>
    </message>
    <message>
        <source>Autosave failed: %1.
Your unsaved work is not backed up until it works again; attnviz keeps trying at every autosave interval.</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1.
Ihre ungespeicherte Arbeit ist nicht gesichert, bis es wieder funktioniert; attnviz versucht es bei jedem Speicherintervall erneut.</translation>
    </message>
</context>
<context>
    <name>attn::ui::BiasEditor</name>
    <message>
        <source>Biases of head %1 (added to every token&apos;s row)</source>
        <translation>Biases von Kopf %1 (zu jeder Token-Zeile addiert)</translation>
    </message>
    <message>
        <source>Biases (added to every token&apos;s row)</source>
        <translation>Biases (zu jeder Token-Zeile addiert)</translation>
    </message>
    <message>
        <source>“%1” is too large (values must lie within ±1e15)</source>
        <translation>„%1“ ist zu groß (Werte müssen zwischen ±1e15 liegen)</translation>
    </message>
    <message>
        <source>“%1” is not a number</source>
        <translation>„%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>QK norm gains of head %1 (multiply each normalised row)</source>
        <translation>Verstärkungen der QK-Norm von Kopf %1 (multiplizieren jede normierte Zeile)</translation>
    </message>
    <message>
        <source>QK norm gains (multiply each normalised row)</source>
        <translation>Verstärkungen der QK-Norm (multiplizieren jede normierte Zeile)</translation>
    </message>
    <message>
        <source>Biases (added to every row) and QK norm gains (multiply each normalised row) of head %1</source>
        <translation>Biases (zu jeder Zeile addiert) und Verstärkungen der QK-Norm (multiplizieren jede normierte Zeile) von Kopf %1</translation>
    </message>
    <message>
        <source>Biases (added to every row) and QK norm gains (multiply each normalised row)</source>
        <translation>Biases (zu jeder Zeile addiert) und Verstärkungen der QK-Norm (multiplizieren jede normierte Zeile)</translation>
    </message>
</context>
<context>
    <name>attn::ui::CircuitsView</name>
    <message>
        <source>&amp;Layer</source>
        <translation>&amp;Schicht</translation>
    </message>
    <message>
        <source>H&amp;ead</source>
        <translation>&amp;Kopf</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>Schicht %1, Kopf %2</translation>
    </message>
    <message>
        <source>The token pairs are read for a vocabulary of at most %1 tokens; this model has %2.</source>
        <translation>Die Token-Paare werden für ein Vokabular von höchstens %1 Tokens gelesen; dieses Modell hat %2.</translation>
    </message>
    <message>
        <source>The model has no LM head: no OV pairs.</source>
        <translation>Das Modell hat keinen LM-Kopf: keine OV-Paare.</translation>
    </message>
    <message>
        <source>Token pairs need the model&apos;s embeddings: this head is no model&apos;s.</source>
        <translation>Token-Paare brauchen die Einbettungen des Modells: dieser Kopf gehört zu keinem Modell.</translation>
    </message>
    <message>
        <source>W_QK = Wq·Wkᵀ (%1 × %1)</source>
        <translation>W_QK = Wq·Wkᵀ (%1 × %1)</translation>
    </message>
    <message>
        <source>query direction</source>
        <translation>Richtung der Anfrage</translation>
    </message>
    <message>
        <source>key direction</source>
        <translation>Richtung des Schlüssels</translation>
    </message>
    <message>
        <source>W_QK[%1, %2] = %3: a query along direction %1 scores a key along direction %2 by this much (before the 1/√head_dim scale)</source>
        <translation>W_QK[%1, %2] = %3: eine Anfrage entlang Richtung %1 bewertet einen Schlüssel entlang Richtung %2 um so viel (vor dem Faktor 1/√head_dim)</translation>
    </message>
    <message>
        <source>W_OV = Wv·Wo (%1 × %1)</source>
        <translation>W_OV = Wv·Wo (%1 × %1)</translation>
    </message>
    <message>
        <source>read direction</source>
        <translation>gelesene Richtung</translation>
    </message>
    <message>
        <source>written direction</source>
        <translation>geschriebene Richtung</translation>
    </message>
    <message>
        <source>W_OV[%1, %2] = %3: attending to a token along direction %1 writes this much along direction %2 (per unit of attention weight)</source>
        <translation>W_OV[%1, %2] = %3: die Aufmerksamkeit auf ein Token entlang Richtung %1 schreibt so viel entlang Richtung %2 (je Einheit Gewicht)</translation>
    </message>
    <message>
        <source>W_OV&apos;s eigenvalues by modulus, largest first: %1</source>
        <translation>Eigenwerte von W_OV nach Betrag, größter zuerst: %1</translation>
    </message>
    <message>
        <source>A query at %1 (id %3) scores the key %2 (id %4) by %5: E·W_QK·Eᵀ</source>
        <translation>Eine Anfrage bei %1 (ID %3) bewertet den Schlüssel %2 (ID %4) mit %5: E·W_QK·Eᵀ</translation>
    </message>
    <message>
        <source>Attending to %1 (id %3) raises the logit of %2 (id %4) by %5: E·W_OV·Uᵀ</source>
        <translation>Die Aufmerksamkeit auf %1 (ID %3) hebt den Logit von %2 (ID %4) um %5: E·W_OV·Uᵀ</translation>
    </message>
    <message>
        <source>QK: query → key it reads</source>
        <translation>QK: Anfrage → Schlüssel, den sie liest</translation>
    </message>
    <message>
        <source>OV: attended → token it raises</source>
        <translation>OV: beachtetes → gehobenes Token</translation>
    </message>
    <message>
        <source>Singular values</source>
        <translation>Singulärwerte</translation>
    </message>
    <message>
        <source>W_QK</source>
        <translation>W_QK</translation>
    </message>
    <message>
        <source>W_OV</source>
        <translation>W_OV</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>W_OV&apos;s eigenvalues</source>
        <translation>Eigenwerte von W_OV</translation>
    </message>
    <message>
        <source>Re λ</source>
        <translation>Re λ</translation>
    </message>
    <message>
        <source>Im λ</source>
        <translation>Im λ</translation>
    </message>
    <message>
        <source>No model is open.</source>
        <translation>Kein Modell ist geöffnet.</translation>
    </message>
    <message>
        <source>The circuits of a head (Elhage et al. 2021): choose one below, or right-click a head in the Heads tab › Circuits.</source>
        <translation>Die Schaltkreise eines Kopfes (Elhage et al. 2021): wählen Sie unten einen, oder Rechtsklick auf einen Kopf im Reiter Köpfe › Schaltkreise.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: what it scores (W_QK) and writes (W_OV), from its weights</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: was er bewertet (W_QK) und schreibt (W_OV), aus seinen Gewichten</translation>
    </message>
    <message>
        <source>Reading the circuits…</source>
        <translation>Die Schaltkreise werden gelesen…</translation>
    </message>
    <message>
        <source>Copying score: none (every eigenvalue of W_OV is 0: the head writes nothing).</source>
        <translation>Kopier-Wert: keiner (jeder Eigenwert von W_OV ist 0: der Kopf schreibt nichts).</translation>
    </message>
    <message>
        <source>&lt;b&gt;Copying score %1&lt;/b&gt; = Σ Re λ / Σ |λ| over W_OV&apos;s eigenvalues: near +1 the head copies what it attends to into the residual stream, near −1 it suppresses it, near 0 it writes something else.</source>
        <translation>&lt;b&gt;Kopier-Wert %1&lt;/b&gt; = Σ Re λ / Σ |λ| über die Eigenwerte von W_OV: nahe +1 kopiert der Kopf, was er beachtet, in den Residualstrom, nahe −1 unterdrückt er es, nahe 0 schreibt er etwas anderes.</translation>
    </message>
    <message>
        <source>Wq·Wkᵀ (%1 × %1), not the head&apos;s scores: %2</source>
        <translation>Wq·Wkᵀ (%1 × %1), nicht die Scores des Kopfes: %2</translation>
    </message>
</context>
<context>
    <name>attn::ui::CombinationView</name>
    <message>
        <source>%1 of %2 keys not listed: weight %3 together</source>
        <translation>%1 von %2 Keys nicht aufgeführt: zusammen Gewicht %3</translation>
    </message>
    <message>
        <source>column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <source>row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Query %1 (“%2”) has no key to attend to: every key is masked, so its weights are all 0 and sum to 0, not 1. Its output %3 is 0 by convention, not a weighted average of V&apos;s %3s.</source>
        <translation>Query %1 („%2“) hat keinen Key, auf den sie achten kann: jeder Key ist maskiert, ihre Gewichte sind also alle 0 und summieren sich zu 0, nicht 1. Ihre Ausgabe-%3 ist per Konvention 0, kein gewichteter Mittelwert der %3n von V.</translation>
    </message>
    <message>
        <source>Weights are %1 and sum to %2: the output %3 is a convex combination — a weighted average — of V&apos;s %3s.</source>
        <translation>Die Gewichte sind %1 und summieren sich zu %2: die Ausgabe-%3 ist eine Konvexkombination – ein gewichteter Mittelwert – der %3n von V.</translation>
    </message>
    <message>
        <source>non-negative</source>
        <translation>nichtnegativ</translation>
    </message>
    <message>
        <source>NOT all non-negative</source>
        <translation>NICHT alle nichtnegativ</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation> (Kopf %1)</translation>
    </message>
    <message>
        <source>output column %1 (“%2”) = Σⱼ aⱼ%3 · vⱼ%4  — the columns of V weighted by column %1 of the weights</source>
        <translation>Ausgabespalte %1 („%2“) = Σⱼ aⱼ%3 · vⱼ%4  – die Spalten von V, gewichtet mit Spalte %1 der Gewichte</translation>
    </message>
    <message>
        <source>output row %1 (“%2”) = Σⱼ a%3ⱼ · vⱼ%4  — the rows of V weighted by row %1 of the weights</source>
        <translation>Ausgabezeile %1 („%2“) = Σⱼ a%3ⱼ · vⱼ%4  – die Zeilen von V, gewichtet mit Zeile %1 der Gewichte</translation>
    </message>
    <message>
        <source>Click a query row in any heatmap to see its output row built from the rows of V.</source>
        <translation>Klicken Sie in einer Heatmap auf eine Query-Zeile, um zu sehen, wie ihre Ausgabezeile aus den Zeilen von V entsteht.</translation>
    </message>
    <message>
        <source>key j</source>
        <translation>Key j</translation>
    </message>
    <message>
        <source>weight a ≥ 0</source>
        <translation>Gewicht a ≥ 0</translation>
    </message>
    <message>
        <source>%1 vⱼ of V</source>
        <translation>%1 vⱼ von V</translation>
    </message>
    <message>
        <source> (drawn across)</source>
        <translation> (quer gezeichnet)</translation>
    </message>
    <message>
        <source>weighted %1 a·vⱼ</source>
        <translation>gewichtete %1 a·vⱼ</translation>
    </message>
    <message>
        <source>+%1 keys</source>
        <translation>+%1 Keys</translation>
    </message>
    <message>
        <source>%1 keys, weight %2</source>
        <translation>%1 Keys, Gewicht %2</translation>
    </message>
</context>
<context>
    <name>attn::ui::ComparisonView</name>
    <message>
        <source>Per head: how much its weights differ</source>
        <translation>Je Kopf: wie sehr sich seine Gewichte unterscheiden</translation>
    </message>
    <message>
        <source>Per head: how much of B patching restores</source>
        <translation>Je Kopf: wie viel von B das Patchen wiederherstellt</translation>
    </message>
    <message>
        <source>Patch every head from B</source>
        <translation>Jeden Kopf aus B patchen</translation>
    </message>
    <message>
        <source>Run A once per head with that head&apos;s output replaced by B&apos;s, and colour each head by how much of B&apos;s prediction it restores</source>
        <translation>Lauf A einmal je Kopf, mit der Ausgabe dieses Kopfes durch die von B ersetzt, und jeden Kopf danach färben, wie viel von Bs Vorhersage er wiederherstellt</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>nächstes Token</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; (the text)</source>
        <translation>&lt;b&gt;A&lt;/b&gt; (der Text)</translation>
    </message>
    <message>
        <source>&lt;b&gt;B&lt;/b&gt; (compared with)</source>
        <translation>&lt;b&gt;B&lt;/b&gt; (verglichen mit)</translation>
    </message>
    <message>
        <source>Type a second sentence in “Compare with…” above: its run (B) appears beside this one (A), with what differs per head.</source>
        <translation>Geben Sie oben unter „Vergleichen mit…“ einen zweiten Satz ein: sein Lauf (B) erscheint neben diesem (A), mit dem, was sich je Kopf unterscheidet.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <source>A has %1 tokens, B %2: the per-head difference and patching need as many tokens in both (make B the same length).</source>
        <translation>A hat %1 Tokens, B %2: der Unterschied je Kopf und das Patchen brauchen in beiden gleich viele Tokens (machen Sie B gleich lang).</translation>
    </message>
    <message>
        <source>%1 tokens each. Right-click a head (or click a cell of the map) to patch its output from B into A and see how much of B&apos;s prediction it restores.</source>
        <translation>Je %1 Tokens. Rechtsklick auf einen Kopf (oder Klick auf eine Zelle der Karte) patcht seine Ausgabe von B nach A und zeigt, wie viel von Bs Vorhersage das wiederherstellt.</translation>
    </message>
    <message>
        <source>Patch every head from B to see this</source>
        <translation>Jeden Kopf aus B patchen, um dies zu sehen</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>max |w_B − w_A| per head</source>
        <translation>max |w_B − w_A| je Kopf</translation>
    </message>
    <message>
        <source>share of B restored</source>
        <translation>wiederhergestellter Anteil von B</translation>
    </message>
    <message>
        <source>A and B give it the same probability: nothing to restore</source>
        <translation>A und B geben ihm dieselbe Wahrscheinlichkeit: nichts wiederherzustellen</translation>
    </message>
    <message>
        <source>the patch restores &lt;b&gt;%1 %&lt;/b&gt; of the way from A to B</source>
        <translation>das Patchen stellt &lt;b&gt;%1 %&lt;/b&gt; des Weges von A nach B wieder her</translation>
    </message>
    <message>
        <source>Layer %1, head %2 patched from B. B&apos;s top prediction “%3”: %4 in A, %5 patched, %6 in B; %7.</source>
        <translation>Schicht %1, Kopf %2 aus B gepatcht. Bs beste Vorhersage „%3“: %4 in A, %5 gepatcht, %6 in B; %7.</translation>
    </message>
    <message>
        <source>Per head: JS divergence of the weights (two files)</source>
        <translation>Je Kopf: JS-Divergenz der Gewichte (zwei Dateien)</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;A&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;B&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;B&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>The same %1 tokens through two files of one model: mean KL(A ‖ B) of the next-token distributions %2, the top prediction the same at %3 of %4 positions (%5 changed). The map colours each head by how far its attention moved.</source>
        <translation>Dieselben %1 Tokens durch zwei Dateien eines Modells: mittlere KL(A ‖ B) der Verteilungen des nächsten Tokens %2, die beste Vorhersage gleich an %3 von %4 Positionen (%5 geändert). Die Karte färbt jeden Kopf danach, wie weit sich seine Aufmerksamkeit verschoben hat.</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet …</translation>
    </message>
    <message>
        <source>&lt;b&gt;layer %1, head %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;Schicht %1, Kopf %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;max |w_B − w_A| = %1</source>
        <translation>&lt;br&gt;max |w_B − w_A| = %1</translation>
    </message>
    <message>
        <source>, JS divergence %1</source>
        <translation>, JS-Divergenz %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;the last token&apos;s weights:</source>
        <translation>&lt;br&gt;die Gewichte des letzten Tokens:</translation>
    </message>
    <message>
        <source>(the first %1 of %2 keys)</source>
        <translation>(die ersten %1 von %2 Keys)</translation>
    </message>
    <message>
        <source>JS divergence, A to B</source>
        <translation>JS-Divergenz, A zu B</translation>
    </message>
    <message>
        <source>Per position and layer: how much of B patching the residual restores</source>
        <translation>Je Position und Schicht: wie viel von B das Patchen des Residualstroms wiederherstellt</translation>
    </message>
    <message>
        <source>Patch each position</source>
        <translation>Jede Position patchen</translation>
    </message>
    <message>
        <source>Run A once per position and layer with the residual stream after that layer, at that position only, replaced by B&apos;s, and colour a positions × layers map by how much of B&apos;s prediction it restores</source>
        <translation>A einmal je Position und Schicht laufen lassen, mit dem Residualstrom nach dieser Schicht nur an dieser Position durch den von B ersetzt, und eine Karte Positionen × Schichten danach färben, wie viel von Bs Vorhersage das wiederherstellt</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Patching needs as many tokens in A and B (A has %1, B %2)</source>
        <translation>Patchen braucht gleich viele Tokens in A und B (A hat %1, B %2)</translation>
    </message>
    <message>
        <source>Patch each position to see this</source>
        <translation>Jede Position patchen, um das zu sehen</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>residual after layer</source>
        <translation>Residualstrom nach Schicht</translation>
    </message>
    <message>
        <source>share of B restored, per position patched</source>
        <translation>Anteil von B wiederhergestellt, je gepatchter Position</translation>
    </message>
    <message>
        <source>&lt;b&gt;the residual after layer %1 at position %2 (%3)&lt;/b&gt;&lt;br&gt;patched from B: %4</source>
        <translation>&lt;b&gt;der Residualstrom nach Schicht %1 an Position %2 (%3)&lt;/b&gt;&lt;br&gt;aus B gepatcht: %4</translation>
    </message>
    <message>
        <source>A and B give B&apos;s top token the same probability</source>
        <translation>A und B geben Bs wahrscheinlichstem Token dieselbe Wahrscheinlichkeit</translation>
    </message>
    <message>
        <source>restores %1 % of the way from A to B</source>
        <translation>stellt %1 % des Wegs von A nach B wieder her</translation>
    </message>
    <message>
        <source>%1 tokens each: the map colours each head by how far its weights moved, read a layer at a time. Right-click a head to patch it: each patch runs the whole text again.</source>
        <translation>Je %1 Tokens: die Karte färbt jeden Kopf danach, wie weit sich seine Gewichte bewegt haben, Schicht für Schicht gelesen. Rechtsklick auf einen Kopf patcht ihn: jeder Patch rechnet den ganzen Text neu.</translation>
    </message>
</context>
<context>
    <name>attn::ui::ControlsPanel</name>
    <message>
        <source>Masks, bias, shared keys</source>
        <translation>Masken, Bias, geteilte Keys</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>Größen</translation>
    </message>
    <message>
        <source>The head whose Wq, Wk, Wv and heatmaps are shown.</source>
        <translation>Der Kopf, dessen Wq, Wk, Wv und Heatmaps angezeigt werden.</translation>
    </message>
    <message>
        <source>current head</source>
        <translation>aktueller Kopf</translation>
    </message>
    <message>
        <source>New cells</source>
        <translation>Neue Zellen</translation>
    </message>
    <message>
        <source>How cells are filled when a matrix grows, and by “Fill”.</source>
        <translation>Wie Zellen gefüllt werden, wenn eine Matrix wächst, und durch „Füllen“.</translation>
    </message>
    <message>
        <source>fill with</source>
        <translation>füllen mit</translation>
    </message>
    <message>
        <source>Seed of the random numbers: the same seed gives the same matrices.</source>
        <translation>Startwert der Zufallszahlen: derselbe Startwert ergibt dieselben Matrizen.</translation>
    </message>
    <message>
        <source>random seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>scale the scores by 1/%1</source>
        <translation>Scores mit 1/%1 skalieren</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Logits are divided by the temperature: low = sharp, high = flat (logarithmic, %1 to %2).</source>
        <translation>Die Logits werden durch die Temperatur geteilt: niedrig = scharf, hoch = flach (logarithmisch, %1 bis %2).</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Back to temperature 1</source>
        <translation>Zurück zu Temperatur 1</translation>
    </message>
    <message>
        <source>causal (a token sees only itself and earlier ones)</source>
        <translation>kausal (ein Token sieht nur sich und frühere)</translation>
    </message>
    <message>
        <source>cross-attention (keys and values from a context)</source>
        <translation>Cross-Attention (Keys, Values aus einem Kontext)</translation>
    </message>
    <message>
        <source>Clear mask</source>
        <translation>Maske leeren</translation>
    </message>
    <message>
        <source>Switch every masked (query, key) cell back on.</source>
        <translation>Jede maskierte (Query, Key)-Zelle wieder einschalten.</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>Positionen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>sinusförmig</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>RoPE, half-split</source>
        <translation>RoPE, halbiert</translation>
    </message>
    <message>
        <source>none: attention sees the tokens as a set. sinusoidal: P[pos, 2i] = sin(pos/10000^(2i/p)), P[pos, 2i+1] = cos(…) is added to X (and to the context) before the projections. RoPE: each pair (2i, 2i+1) of every row of Q and K is rotated by pos·θ^(−2i/d_k), so q·k depends only on the offset of the two positions (d_k must be even). RoPE, half-split: the pairs (i, i + d_k/2), as Llama and Qwen2 rotate them.</source>
        <translation>keine: Attention sieht die Tokens als Menge. sinusförmig: P[pos, 2i] = sin(pos/10000^(2i/p)), P[pos, 2i+1] = cos(…) wird vor den Projektionen zu X (und zum Kontext) addiert. RoPE: jedes Paar (2i, 2i+1) jeder Zeile von Q und K wird um pos·θ^(−2i/d_k) gedreht, sodass q·k nur vom Abstand der beiden Positionen abhängt (d_k muss gerade sein). RoPE, halbiert: die Paare (i, i + d_k/2), wie Llama und Qwen2 sie drehen.</translation>
    </message>
    <message>
        <source>RoPE&apos;s base θ: pair i turns by pos·θ^(−2i/d_k). A larger θ turns slowly, for long texts.</source>
        <translation>Die Basis θ von RoPE: Paar i dreht sich um pos·θ^(−2i/d_k). Ein größeres θ dreht langsamer, für lange Texte.</translation>
    </message>
    <message>
        <source>tokens n</source>
        <translation>Tokens n</translation>
    </message>
    <message>
        <source>Rows of X: how many tokens (queries).</source>
        <translation>Zeilen von X: wie viele Tokens (Queries).</translation>
    </message>
    <message>
        <source>embedding p</source>
        <translation>Einbettung p</translation>
    </message>
    <message>
        <source>Columns of X, rows of Wq.</source>
        <translation>Spalten von X, Zeilen von Wq.</translation>
    </message>
    <message>
        <source>Columns of Wq and Wk (every head): the size of queries and keys.</source>
        <translation>Spalten von Wq und Wk (jeder Kopf): die Größe der Queries und Keys.</translation>
    </message>
    <message>
        <source>Columns of Wv (every head): the size of each head&apos;s output.</source>
        <translation>Spalten von Wv (jeder Kopf): die Größe der Ausgabe jedes Kopfes.</translation>
    </message>
    <message>
        <source>heads H</source>
        <translation>Köpfe H</translation>
    </message>
    <message>
        <source>Number of attention heads. With several heads Wo combines their outputs.</source>
        <translation>Anzahl der Attention-Köpfe. Bei mehreren Köpfen kombiniert Wo ihre Ausgaben.</translation>
    </message>
    <message>
        <source>context m</source>
        <translation>Kontext m</translation>
    </message>
    <message>
        <source>context p_c</source>
        <translation>Kontext p_c</translation>
    </message>
    <message>
        <source>Columns of the context, rows of Wk and Wv. Needs cross-attention.</source>
        <translation>Spalten des Kontexts, Zeilen von Wk und Wv. Erfordert Cross-Attention.</translation>
    </message>
    <message>
        <source>output p_out</source>
        <translation>Ausgabe p_out</translation>
    </message>
    <message>
        <source>Columns of Wo. Exists with several heads.</source>
        <translation>Spalten von Wo. Nur bei mehreren Köpfen vorhanden.</translation>
    </message>
    <message>
        <source>Rows of the context: how many keys. Needs cross-attention (otherwise m = n).</source>
        <translation>Zeilen des Kontexts: wie viele Keys. Erfordert Cross-Attention (sonst m = n).</translation>
    </message>
</context>
<context>
    <name>attn::ui::DecodingView</name>
    <message>
        <source>The cache is empty: press Step.</source>
        <translation>Der Cache ist leer: drücken Sie „Schritt“.</translation>
    </message>
    <message>
        <source>This step: %1 multiply-adds (one token&apos;s q, k, v and %2 cached keys and values); recomputing all %2 tokens from scratch: %3. So far %4 against %5.</source>
        <translation>Dieser Schritt: %1 Multiplikationen mit Addition (q, k, v eines Tokens und %2 gespeicherte Keys und Values); alle %2 Tokens neu berechnet: %3. Bisher %4 gegenüber %5.</translation>
    </message>
    <message>
        <source>Every token decoded: the outputs equal the full causal computation (largest difference %1) %2</source>
        <translation>Alle Tokens dekodiert: die Ausgaben gleichen der vollen kausalen Berechnung (größte Abweichung %1) %2</translation>
    </message>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
    <message>
        <source>head %1: %2 of %3 tokens decoded%4</source>
        <translation>Kopf %1: %2 von %3 Tokens dekodiert%4</translation>
    </message>
    <message>
        <source> (decoding is causal)</source>
        <translation> (Dekodieren ist kausal)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
</context>
<context>
    <name>attn::ui::DifferenceView</name>
    <message>
        <source>Undo: </source>
        <translation>Rückgängig: </translation>
    </message>
    <message>
        <source>%1 edits, the last: %2</source>
        <translation>%1 Änderungen, die letzte: %2</translation>
    </message>
    <message>
        <source>No previous edit: edit a number to see what changed. The difference it made to the weights appears here.</source>
        <translation>Keine vorherige Änderung: ändern Sie eine Zahl, um zu sehen, was sich ändert. Die Wirkung auf die Gewichte erscheint hier.</translation>
    </message>
    <message>
        <source>weights after − before</source>
        <translation>Gewichte nachher − vorher</translation>
    </message>
    <message>
        <source>No weights to compare.</source>
        <translation>Keine Gewichte zum Vergleichen.</translation>
    </message>
    <message>
        <source>Last edit: %1. It changed the shape of the weights (%2 → %3): there is nothing to subtract.</source>
        <translation>Letzte Änderung: %1. Sie hat die Form der Gewichte geändert (%2 → %3): es gibt nichts abzuziehen.</translation>
    </message>
    <message>
        <source>Δ weights%1: %2</source>
        <translation>Δ Gewichte%1: %2</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation> (Kopf %1)</translation>
    </message>
    <message>
        <source>Last edit: &lt;b&gt;%1&lt;/b&gt;. Weights after − before; largest change %2.%3</source>
        <translation>Letzte Änderung: &lt;b&gt;%1&lt;/b&gt;. Gewichte nachher − vorher; größte Änderung %2.%3</translation>
    </message>
    <message>
        <source> Each query&apos;s changes add up to 0: its weights still sum to 1.</source>
        <translation> Die Änderungen jeder Query summieren sich zu 0: ihre Gewichte ergeben weiterhin 1.</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
</context>
<context>
    <name>attn::ui::Document</name>
    <message>
        <source>the number of tokens n</source>
        <translation>die Anzahl der Tokens n</translation>
    </message>
    <message>
        <source>the embedding size p</source>
        <translation>die Einbettungsgröße p</translation>
    </message>
    <message>
        <source>the number of heads</source>
        <translation>die Anzahl der Köpfe</translation>
    </message>
    <message>
        <source>the context length m</source>
        <translation>die Kontextlänge m</translation>
    </message>
    <message>
        <source>p_out (the columns of Wo)</source>
        <translation>p_out (die Spalten von Wo)</translation>
    </message>
    <message>
        <source>the context embedding size p_c</source>
        <translation>die Kontext-Einbettungsgröße p_c</translation>
    </message>
    <message>
        <source>there is no %1 to edit</source>
        <translation>es gibt kein %1 zum Bearbeiten</translation>
    </message>
    <message>
        <source>%1 has no cell [%2][%3]: it is %4</source>
        <translation>%1 hat keine Zelle [%2][%3]: es ist %4</translation>
    </message>
    <message>
        <source>there is no %1 to paste into</source>
        <translation>es gibt kein %1 zum Einfügen</translation>
    </message>
    <message>
        <source>there is nothing to paste</source>
        <translation>es gibt nichts einzufügen</translation>
    </message>
    <message>
        <source>a %1 block does not fit at [%2][%3]: %4 is %5, the block would reach row %6, column %7</source>
        <translation>ein %1-Block passt nicht an [%2][%3]: %4 ist %5, der Block würde bis Zeile %6, Spalte %7 reichen</translation>
    </message>
    <message>
        <source>Paste %1 into %2</source>
        <translation>%1 in %2 einfügen</translation>
    </message>
    <message>
        <source>there is no context: cross-attention is off</source>
        <translation>es gibt keinen Kontext: Cross-Attention ist aus</translation>
    </message>
    <message>
        <source>there is no context token %1</source>
        <translation>es gibt kein Kontext-Token %1</translation>
    </message>
    <message>
        <source>there is no token %1</source>
        <translation>es gibt kein Token %1</translation>
    </message>
    <message>
        <source>there is no Wo: p_out exists with several heads</source>
        <translation>es gibt kein Wo: p_out gibt es nur bei mehreren Köpfen</translation>
    </message>
    <message>
        <source>%1 needs cross-attention: switch it on first</source>
        <translation>%1 erfordert Cross-Attention: schalten Sie sie zuerst ein</translation>
    </message>
    <message>
        <source>%1 must be between 1 and %2, not %3</source>
        <translation>%1 muss zwischen 1 und %2 liegen, nicht %3</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>Scale by </source>
        <translation>Skalieren mit </translation>
    </message>
    <message>
        <source>Do not scale</source>
        <translation>Nicht skalieren</translation>
    </message>
    <message>
        <source>the temperature must lie between 1e-6 and 1e6, not %1</source>
        <translation>die Temperatur muss zwischen 1e-6 und 1e6 liegen, nicht %1</translation>
    </message>
    <message>
        <source>Change the temperature</source>
        <translation>Temperatur ändern</translation>
    </message>
    <message>
        <source>Causal mask on</source>
        <translation>Kausale Maske ein</translation>
    </message>
    <message>
        <source>Causal mask off</source>
        <translation>Kausale Maske aus</translation>
    </message>
    <message>
        <source>there is no head %1</source>
        <translation>es gibt keinen Kopf %1</translation>
    </message>
    <message>
        <source>a key/value group is a number from 0 to %1, not %2</source>
        <translation>eine Key/Value-Gruppe ist eine Zahl von 0 bis %1, nicht %2</translation>
    </message>
    <message>
        <source>Head %1: own keys and values</source>
        <translation>Kopf %1: eigene Keys und Values</translation>
    </message>
    <message>
        <source>Head %1: key/value group %2</source>
        <translation>Kopf %1: Key/Value-Gruppe %2</translation>
    </message>
    <message>
        <source>%1 has no column %2</source>
        <translation>%1 hat keine Spalte %2</translation>
    </message>
    <message>
        <source>%1 must be a finite number within ±1e15</source>
        <translation>%1 muss eine endliche Zahl zwischen ±1e15 sein</translation>
    </message>
    <message>
        <source>Edit %1[%2]</source>
        <translation>%1[%2] bearbeiten</translation>
    </message>
    <message>
        <source>Positions: %1</source>
        <translation>Positionen: %1</translation>
    </message>
    <message>
        <source>Cross-attention on</source>
        <translation>Cross-Attention ein</translation>
    </message>
    <message>
        <source>Cross-attention off</source>
        <translation>Cross-Attention aus</translation>
    </message>
    <message>
        <source>there is no mask cell (%1, %2): the logits are %3</source>
        <translation>es gibt keine Maskenzelle (%1, %2): die Logits sind %3</translation>
    </message>
    <message>
        <source>Clear the mask</source>
        <translation>Maske leeren</translation>
    </message>
    <message>
        <source>Randomize %1</source>
        <translation>%1 zufällig füllen</translation>
    </message>
    <message>
        <source>Fill %1 with %2</source>
        <translation>%1 mit %2 füllen</translation>
    </message>
    <message>
        <source>QK norm on</source>
        <translation>QK-Norm an</translation>
    </message>
    <message>
        <source>QK norm off</source>
        <translation>QK-Norm aus</translation>
    </message>
</context>
<context>
    <name>attn::ui::ExercisePanel</name>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>Auflösen</translation>
    </message>
    <message>
        <source>Next exercise ▶</source>
        <translation>Nächste Übung ▶</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>The class&apos;s answer</source>
        <translation>Die Antwort der Klasse</translation>
    </message>
    <message>
        <source>E&amp;xercise: predict, then reveal</source>
        <translation>Ü&amp;bung: vorhersagen, dann auflösen</translation>
    </message>
    <message>
        <source>A short exercise on the numbers shown, to do by hand</source>
        <translation>Eine kurze Übung zu den gezeigten Zahlen, von Hand zu rechnen</translation>
    </message>
    <message>
        <source>Ne&amp;xt exercise</source>
        <translation>Nä&amp;chste Übung</translation>
    </message>
    <message>
        <source>&amp;Reveal the solution</source>
        <translation>Lösung &amp;zeigen</translation>
    </message>
    <message>
        <source>Show the worked solution (%1)</source>
        <translation>Die ausgearbeitete Lösung zeigen (%1)</translation>
    </message>
    <message>
        <source>Another kind of exercise on the same numbers (%1)</source>
        <translation>Eine andere Art Übung mit denselben Zahlen (%1)</translation>
    </message>
    <message>
        <source>Exercise</source>
        <translation>Übung</translation>
    </message>
    <message>
        <source>Exercise %1: %2</source>
        <translation>Übung %1: %2</translation>
    </message>
</context>
<context>
    <name>attn::ui::ExportNotices</name>
    <message>
        <source>Exported %1 to %2</source>
        <translation>%1 exportiert nach %2</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard as %2</source>
        <translation>%1 als %2 in die Zwischenablage kopiert</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::GradientPanel</name>
    <message>
        <source>Target = output, one cell + 1</source>
        <translation>Ziel = Ausgabe, eine Zelle + 1</translation>
    </message>
    <message>
        <source>Set the target to the current output with output[selected query, 0] + 1: the loss is then ½, and the gradient shows what every weight would do to move that one number.</source>
        <translation>Setzt das Ziel auf die aktuelle Ausgabe mit Ausgabe[gewählte Query, 0] + 1: der Verlust ist dann ½, und der Gradient zeigt, was jedes Gewicht tun würde, um diese eine Zahl zu bewegen.</translation>
    </message>
    <message>
        <source>Remove target</source>
        <translation>Ziel entfernen</translation>
    </message>
    <message>
        <source>What if W − η·∂L/∂W, η =</source>
        <translation>Was wäre mit W − η·∂L/∂W, η =</translation>
    </message>
    <message>
        <source>Apply the step</source>
        <translation>Schritt anwenden</translation>
    </message>
    <message>
        <source>Move every weight (Wq, Wk, Wv of every head, Wo) one step against its gradient: one undo step.</source>
        <translation>Jedes Gewicht (Wq, Wk, Wv jedes Kopfes, Wo) einen Schritt gegen seinen Gradienten bewegen: ein Rückgängig-Schritt.</translation>
    </message>
    <message>
        <source>Remove the target</source>
        <translation>Das Ziel entfernen</translation>
    </message>
    <message>
        <source>Target = output with [%1, 0] + 1</source>
        <translation>Ziel = Ausgabe mit [%1, 0] + 1</translation>
    </message>
    <message>
        <source>Gradient step, η = %1</source>
        <translation>Gradientenschritt, η = %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;No target.&lt;/b&gt; The loss L = ½·Σ(output − target)² needs one: set it from the output below, open a session with &lt;tt&gt;inputs.target&lt;/tt&gt;, or train a task.</source>
        <translation>&lt;b&gt;Kein Ziel.&lt;/b&gt; Der Verlust L = ½·Σ(Ausgabe − Ziel)² braucht eines: setzen Sie es unten aus der Ausgabe, öffnen Sie eine Sitzung mit &lt;tt&gt;inputs.target&lt;/tt&gt; oder trainieren Sie eine Aufgabe.</translation>
    </message>
    <message>
        <source>L = ½·Σ(output − target)² = &lt;b&gt;%1&lt;/b&gt; (head %2; hover a gradient cell for the chain of terms)</source>
        <translation>L = ½·Σ(Ausgabe − Ziel)² = &lt;b&gt;%1&lt;/b&gt; (Kopf %2; zeigen Sie auf eine Gradientenzelle für die Kette der Terme)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; and ∂L/∂%1</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; und ∂L/∂%1</translation>
    </message>
    <message>
        <source>One step W − %1·∂L/∂W on every weight: the loss would go from %2 to &lt;b&gt;%3&lt;/b&gt;%4</source>
        <translation>Ein Schritt W − %1·∂L/∂W auf jedem Gewicht: der Verlust ginge von %2 auf &lt;b&gt;%3&lt;/b&gt;%4</translation>
    </message>
    <message>
        <source> (down: the gradient points uphill, the step goes the other way).</source>
        <translation> (fällt: der Gradient zeigt bergauf, der Schritt geht in die Gegenrichtung).</translation>
    </message>
    <message>
        <source> (up: η is too large for this step).</source>
        <translation> (steigt: η ist für diesen Schritt zu groß).</translation>
    </message>
</context>
<context>
    <name>attn::ui::HeadOverview</name>
    <message>
        <source>Click to make head %1 the current head</source>
        <translation>Klicken, um Kopf %1 zum aktuellen Kopf zu machen</translation>
    </message>
    <message>
        <source>Head %1: query “%2”, key “%3”: masked</source>
        <translation>Kopf %1: Query „%2“, Key „%3“: maskiert</translation>
    </message>
    <message>
        <source>Head %1: query “%2” gives key “%3” the weight %4</source>
        <translation>Kopf %1: Query „%2“ gibt Key „%3“ das Gewicht %4</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>One head. Add heads under “Sizes and options” to compare them here.</source>
        <translation>Ein Kopf. Fügen Sie unter „Größen und Optionen“ Köpfe hinzu, um sie hier zu vergleichen.</translation>
    </message>
    <message>
        <source>%1 heads, weights on the same 0–1 scale. Click a head to make it current (outlined: head %2).</source>
        <translation>%1 Köpfe, Gewichte auf derselben Skala 0–1. Klicken Sie auf einen Kopf, um ihn zum aktuellen zu machen (umrandet: Kopf %2).</translation>
    </message>
    <message>
        <source> Click a row to select its query; hover a cell for its tokens and weight.</source>
        <translation> Klicken Sie auf eine Zeile, um ihre Query auszuwählen; zeigen Sie auf eine Zelle für ihre Tokens und ihr Gewicht.</translation>
    </message>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
</context>
<context>
    <name>attn::ui::HeadPopup</name>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Layer %1, head %2: weights</source>
        <translation>Schicht %1, Kopf %2: Gewichte</translation>
    </message>
</context>
<context>
    <name>attn::ui::HeadSummaryModel</name>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>Sink</source>
        <translation>Senke</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>Entropie</translation>
    </message>
    <message>
        <source>Look-back</source>
        <translation>Rückblick</translation>
    </message>
    <message>
        <source>Prev.</source>
        <translation>Vorh.</translation>
    </message>
    <message>
        <source>Induct.</source>
        <translation>Indukt.</translation>
    </message>
    <message>
        <source>Dup.</source>
        <translation>Dupl.</translation>
    </message>
    <message>
        <source>Sink mass: the weight on position 0, averaged over the queries</source>
        <translation>Senkenmasse: das Gewicht auf Position 0, gemittelt über die Queries</translation>
    </message>
    <message>
        <source>The entropy of each query&apos;s weights (nats), averaged: 0 when a query reads one key, ln n when it reads n keys evenly</source>
        <translation>Die Entropie der Gewichte jeder Query (nats), gemittelt: 0, wenn eine Query einen Key liest, ln n, wenn sie n Keys gleichmäßig liest</translation>
    </message>
    <message>
        <source>How many positions back each query looks, weighted by its weights, averaged over the queries</source>
        <translation>Wie viele Positionen jede Query zurückblickt, mit ihren Gewichten gewichtet, gemittelt über die Queries</translation>
    </message>
    <message>
        <source>Previous-token score: the weight on the position just before</source>
        <translation>Score für das vorherige Token: das Gewicht auf der Position direkt davor</translation>
    </message>
    <message>
        <source>Induction score: the weight on the token after the last earlier occurrence of the query&apos;s token</source>
        <translation>Induktions-Score: das Gewicht auf dem Token nach dem letzten früheren Vorkommen des Tokens der Query</translation>
    </message>
    <message>
        <source>Duplicate-token score: the weight on the last earlier occurrence of the query&apos;s token</source>
        <translation>Score für doppelte Tokens: das Gewicht auf dem letzten früheren Vorkommen des Tokens der Query</translation>
    </message>
</context>
<context>
    <name>attn::ui::HeadWeightsDialog</name>
    <message>
        <source>One &amp;fused tensor, p × 3p: [Wq | Wk | Wv]</source>
        <translation>Ein &amp;verschmolzener Tensor, p × 3p: [Wq | Wk | Wv]</translation>
    </message>
    <message>
        <source>Three &amp;separate tensors, p × p each</source>
        <translation>Drei &amp;getrennte Tensoren, je p × p</translation>
    </message>
    <message>
        <source>&amp;Transpose each tensor (nn.Linear stores out × in)</source>
        <translation>Jeden Tensor &amp;transponieren (nn.Linear speichert out × in)</translation>
    </message>
    <message>
        <source>Wq, Wk, Wv of every head from a checkpoint</source>
        <translation>Wq, Wk, Wv jedes Kopfes aus einem Checkpoint</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fill Wq, Wk and Wv of every head&lt;/b&gt;&lt;br&gt;from %1</source>
        <translation>&lt;b&gt;Wq, Wk und Wv jedes Kopfes füllen&lt;/b&gt;&lt;br&gt;aus %1</translation>
    </message>
    <message>
        <source>GPT-2 c_attn.weight:</source>
        <translation>GPT-2 c_attn.weight:</translation>
    </message>
    <message>
        <source>query:</source>
        <translation>Query:</translation>
    </message>
    <message>
        <source>key:</source>
        <translation>Key:</translation>
    </message>
    <message>
        <source>value:</source>
        <translation>Value:</translation>
    </message>
    <message>
        <source>&amp;Heads H:</source>
        <translation>&amp;Köpfe H:</translation>
    </message>
    <message>
        <source>&amp;Fill the heads</source>
        <translation>Köpfe &amp;füllen</translation>
    </message>
    <message>
        <source>Nothing changed: %1</source>
        <translation>Nichts geändert: %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::HeatmapCellLayer</name>
    <message>
        <source>(no data)</source>
        <translation>(keine Daten)</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>maskiert</translation>
    </message>
</context>
<context>
    <name>attn::ui::HeatmapView</name>
    <message>
        <source>pixel = value farthest from 0 of ≤%1 cells</source>
        <translation>Pixel = Wert am weitesten von 0 aus ≤%1 Zellen</translation>
    </message>
    <message>
        <source>pixel = max of ≤%1 cells</source>
        <translation>Pixel = Maximum aus ≤%1 Zellen</translation>
    </message>
    <message>
        <source>Hidden until the exercise is revealed</source>
        <translation>Verborgen, bis die Übung aufgelöst ist</translation>
    </message>
    <message>
        <source>masked (%1)</source>
        <translation>maskiert (%1)</translation>
    </message>
</context>
<context>
    <name>attn::ui::HeatmapZoom</name>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>Zoom &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Show the whole matrix again (0)</source>
        <translation>Wieder die ganze Matrix zeigen (0)</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
</context>
<context>
    <name>attn::ui::ImportDialog</name>
    <message>
        <source>&amp;Transpose (nn.Linear stores out × in)</source>
        <translation>&amp;Transponieren (nn.Linear speichert out × in)</translation>
    </message>
    <message>
        <source>Import matrix</source>
        <translation>Matrix importieren</translation>
    </message>
    <message>
        <source>Filter by name, e.g. h.0.attn</source>
        <translation>Nach Namen filtern, z. B. h.0.attn</translation>
    </message>
    <message>
        <source>Array</source>
        <translation>Array</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>all of it; or NumPy, e.g. [:, 0:64]</source>
        <translation>alles; oder NumPy, z. B. [:, 0:64]</translation>
    </message>
    <message>
        <source>&amp;Slice:</source>
        <translation>&amp;Ausschnitt:</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>&amp;Resize and import</source>
        <translation>&amp;Größe anpassen und importieren</translation>
    </message>
    <message>
        <source>: not enough memory to read it</source>
        <translation>: nicht genug Speicher, um sie zu lesen</translation>
    </message>
    <message>
        <source>Reading %1 (%2 MB)…</source>
        <translation>%1 wird gelesen (%2 MB)…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Import into %1&lt;/b&gt;%2&lt;br&gt;from %3</source>
        <translation>&lt;b&gt;Import in %1&lt;/b&gt;%2&lt;br&gt;aus %3</translation>
    </message>
    <message>
        <source> — now </source>
        <translation> – jetzt </translation>
    </message>
    <message>
        <source>Read: %1, %2×%3</source>
        <translation>Gelesen: %1, %2×%3</translation>
    </message>
    <message>
        <source>Cannot import: %1</source>
        <translation>Import nicht möglich: %1</translation>
    </message>
    <message>
        <source>✓ The shape fits %1.</source>
        <translation>✓ Die Form passt zu %1.</translation>
    </message>
    <message>
        <source>Resize and import changes %1.</source>
        <translation>„Größe anpassen und importieren“ ändert %1.</translation>
    </message>
    <message>
        <source>It cannot be resized to fit: %1</source>
        <translation>Die Größe lässt sich nicht anpassen: %1</translation>
    </message>
    <message>
        <source>Nothing was imported: %1</source>
        <translation>Nichts importiert: %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::InductionTrainingView</name>
    <message>
        <source>A model of two attention-only layers learns to continue random letters in which pairs come back: after “A B” … “A” the next letter is “B”. Watch a previous-token head form in layer 0, then an induction head in layer 1 that finds the letter after the earlier occurrence of the current one by reading the keys layer 0 wrote.</source>
        <translation>Ein Modell aus zwei reinen Attention-Schichten lernt, zufällige Buchstaben fortzusetzen, in denen Paare wiederkehren: nach „A B“ … „A“ ist der nächste Buchstabe „B“. Sehen Sie, wie in Schicht 0 ein Vorgänger-Kopf entsteht und dann in Schicht 1 ein Induktionskopf, der den Buchstaben nach dem früheren Auftreten des aktuellen findet, indem er die Schlüssel liest, die Schicht 0 geschrieben hat.</translation>
    </message>
    <message>
        <source>&amp;Heads:</source>
        <translation>&amp;Köpfe:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;tartwert:</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Abspielen</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>Sch&amp;ritt</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>End the lesson</source>
        <translation>Lektion beenden</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>head scores</source>
        <translation>Kopf-Werte</translation>
    </message>
    <message>
        <source>Each head&apos;s induction score (solid) and previous-token score (dashed) on held-out sequences</source>
        <translation>Induktionswert (durchgezogen) und Vorgänger-Wert (gestrichelt) jedes Kopfes auf zurückgehaltenen Folgen</translation>
    </message>
    <message>
        <source>Press Play: the model starts from random weights (seed %1).</source>
        <translation>Drücken Sie Abspielen: Das Modell beginnt mit zufälligen Gewichten (Startwert %1).</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>Trainingsschritt</translation>
    </message>
    <message>
        <source>training loss (batch)</source>
        <translation>Trainingsverlust (Batch)</translation>
    </message>
    <message>
        <source>loss over the repeat (held out)</source>
        <translation>Verlust über die Wiederholung (zurückgehalten)</translation>
    </message>
    <message>
        <source>The training loss of each step&apos;s batch, and the loss over the repeated half of held-out sequences that the lesson quotes</source>
        <translation>Der Trainingsverlust des Batches jedes Schritts und der Verlust über die wiederholte Hälfte zurückgehaltener Folgen, den die Lektion nennt</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>vorheriges Token</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>step %1 — training loss %2, loss over the repeat (held out) %3 — %4 tokens/s — %5 s of training — best induction score %6 (layer %7, head %8)</source>
        <translation>Schritt %1 — Trainingsverlust %2, Verlust über die Wiederholung (zurückgehalten) %3 — %4 Token/s — %5 s Training — bester Induktionswert %6 (Schicht %7, Kopf %8)</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>layer 0</source>
        <translation>Schicht 0</translation>
    </message>
</context>
<context>
    <name>attn::ui::InputsPanel</name>
    <message>
        <source>Context (keys and values come from it)</source>
        <translation>Kontext (Keys und Values stammen daraus)</translation>
    </message>
    <message>
        <source>Head %1 of %2 (0–%3): change the current head in the controls</source>
        <translation>Kopf %1 von %2 (0–%3): den aktuellen Kopf ändern Sie in den Steuerelementen</translation>
    </message>
</context>
<context>
    <name>attn::ui::InsightView</name>
    <message>
        <source>computing…</source>
        <translation>wird berechnet…</translation>
    </message>
    <message>
        <source>could not compute: %1</source>
        <translation>Berechnung nicht möglich: %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::InterpretationsControls</name>
    <message>
        <source>as kernels do:</source>
        <translation>wie Kernel rechnen:</translation>
    </message>
    <message>
        <source>Explain %1%2 (P switches)</source>
        <translation>%1%2 erklären (P wechselt)</translation>
    </message>
    <message>
        <source>, A = the weights</source>
        <translation>, A = die Gewichte</translation>
    </message>
    <message>
        <source>row (%1):</source>
        <translation>Zeile (%1):</translation>
    </message>
    <message>
        <source>column (%1):</source>
        <translation>Spalte (%1):</translation>
    </message>
    <message>
        <source>block products</source>
        <translation>Blockprodukte</translation>
    </message>
    <message>
        <source>key blocks</source>
        <translation>Key-Blöcke</translation>
    </message>
    <message>
        <source>all %1 %2</source>
        <translation>alle %1 %2</translation>
    </message>
    <message>
        <source>a cell: a row of A times a column of B, summed</source>
        <translation>eine Zelle: eine Zeile von A mal eine Spalte von B, summiert</translation>
    </message>
    <message>
        <source>a row: the rows of B weighted by a row of A</source>
        <translation>eine Zeile: die Zeilen von B, gewichtet mit einer Zeile von A</translation>
    </message>
    <message>
        <source>a column: the columns of A weighted by a column of B</source>
        <translation>eine Spalte: die Spalten von A, gewichtet mit einer Spalte von B</translation>
    </message>
    <message>
        <source>the whole product: a sum of rank-one terms</source>
        <translation>das ganze Produkt: eine Summe von Rang-1-Termen</translation>
    </message>
    <message>
        <source>as a GPU kernel computes it: tile by tile, each tile a sum of block products</source>
        <translation>wie ein GPU-Kernel es berechnet: Kachel für Kachel, jede Kachel eine Summe von Blockprodukten</translation>
    </message>
    <message>
        <source>the FlashAttention recurrence: the picked query&apos;s softmax and output over key blocks, the n×m weights never stored</source>
        <translation>die FlashAttention-Rekursion: Softmax und Ausgabe der gewählten Query über Key-Blöcke, die n×m Gewichte nie gespeichert</translation>
    </message>
</context>
<context>
    <name>attn::ui::InterpretationsView</name>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
    <message>
        <source>%1[I, J] = Σ_K %2[I, K]·%3[K, J], one tile at a time</source>
        <translation>%1[I, J] = Σ_K %2[I, K]·%3[K, J], eine Kachel nach der anderen</translation>
    </message>
    <message>
        <source>output of one query = Σⱼ exp(logitⱼ − m)·V[j] / ℓ, one key block at a time</source>
        <translation>Ausgabe einer Query = Σⱼ exp(logitⱼ − m)·V[j] / ℓ, ein Key-Block nach dem anderen</translation>
    </message>
    <message>
        <source>%1 = Σₖ (column k of %2)·(row k of %3), k = 0…%4 (%5)</source>
        <translation>%1 = Σₖ (Spalte k von %2)·(Zeile k von %3), k = 0…%4 (%5)</translation>
    </message>
</context>
<context>
    <name>attn::ui::KernelOptionsControls</name>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Sliding window: each query sees only the w keys before it (0: off). Long-context models use it to keep the cost linear in n.</source>
        <translation>Gleitendes Fenster: jede Query sieht nur die w Keys davor (0: aus). Modelle mit langem Kontext halten so die Kosten linear in n.</translation>
    </message>
    <message>
        <source>itself</source>
        <translation>selbst</translation>
    </message>
    <message>
        <source>With a window: each query also sees its own key.</source>
        <translation>Mit Fenster: jede Query sieht auch ihren eigenen Key.</translation>
    </message>
    <message>
        <source>global </source>
        <translation>global </translation>
    </message>
    <message>
        <source>With a window: the first g tokens are global: every query sees them, and they see every key.</source>
        <translation>Mit Fenster: die ersten g Tokens sind global: jede Query sieht sie, und sie sehen jeden Key.</translation>
    </message>
    <message>
        <source>window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>ALiBi bias</source>
        <translation>ALiBi-Bias</translation>
    </message>
    <message>
        <source>Adds mₕ·(j − i) to head h&apos;s logits: a penalty growing with the distance to earlier keys; the standard slopes are mₕ = 2^(−8h/H).</source>
        <translation>Addiert mₕ·(j − i) zu den Logits von Kopf h: eine Strafe, die mit dem Abstand zu früheren Keys wächst; die Standardsteigungen sind mₕ = 2^(−8h/H).</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>Bias</translation>
    </message>
    <message>
        <source>own</source>
        <translation>eigene</translation>
    </message>
    <message>
        <source>group </source>
        <translation>Gruppe </translation>
    </message>
    <message>
        <source>Grouped-query / multi-query attention: heads in the same key/value group share one Wk and Wv (edited once, for all of them).</source>
        <translation>Grouped-Query- / Multi-Query-Attention: Köpfe derselben Key/Value-Gruppe teilen sich ein Wk und Wv (einmal bearbeitet, für alle).</translation>
    </message>
    <message>
        <source>keys, values</source>
        <translation>Keys, Values</translation>
    </message>
    <message>
        <source>Sliding window of %1</source>
        <translation>Gleitendes Fenster von %1</translation>
    </message>
    <message>
        <source>Sliding window off</source>
        <translation>Gleitendes Fenster aus</translation>
    </message>
    <message>
        <source>ALiBi bias on</source>
        <translation>ALiBi-Bias ein</translation>
    </message>
    <message>
        <source>ALiBi bias off</source>
        <translation>ALiBi-Bias aus</translation>
    </message>
    <message>
        <source>head %1: m = %2</source>
        <translation>Kopf %1: m = %2</translation>
    </message>
    <message>
        <source>heads %1 share Wk and Wv</source>
        <translation>Köpfe %1 teilen sich Wk und Wv</translation>
    </message>
    <message>
        <source>head %1 has its own Wk and Wv</source>
        <translation>Kopf %1 hat eigene Wk und Wv</translation>
    </message>
    <message>
        <source>cap </source>
        <translation>Kappe </translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>keine Kappe</translation>
    </message>
    <message>
        <source>scores</source>
        <translation>Scores</translation>
    </message>
    <message>
        <source>RMS norm of q and k</source>
        <translation>RMS-Norm von q und k</translation>
    </message>
    <message>
        <source>Each row of Q and K is divided by its root mean square and multiplied by the head&apos;s gains gq, gk (Qwen3, Gemma 3), before RoPE: q ← q/√(mean(q²) + ε) ⊙ gq.</source>
        <translation>Jede Zeile von Q und K wird vor RoPE durch ihren quadratischen Mittelwert geteilt und mit den Verstärkungen gq, gk des Kopfs multipliziert (Qwen3, Gemma 3): q ← q/√(mean(q²) + ε) ⊙ gq.</translation>
    </message>
    <message>
        <source>QK norm</source>
        <translation>QK-Norm</translation>
    </message>
    <message>
        <source>all dims</source>
        <translation>alle Dim.</translation>
    </message>
    <message>
        <source> dims</source>
        <translation> Dim.</translation>
    </message>
    <message>
        <source>RoPE turns only the first r dimensions of each row of Q and K (Phi-3, GPT-NeoX); the rest pass through unchanged.</source>
        <translation>RoPE dreht nur die ersten r Dimensionen jeder Zeile von Q und K (Phi-3, GPT-NeoX); der Rest bleibt unverändert.</translation>
    </message>
    <message>
        <source>unscaled</source>
        <translation>unskaliert</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>linear</translation>
    </message>
    <message>
        <source>llama3</source>
        <translation>llama3</translation>
    </message>
    <message>
        <source>How the frequencies are rewritten for long inputs. linear: each divided by the factor. llama3: long wavelengths slowed by the factor, short ones kept, those between blended.</source>
        <translation>Wie die Frequenzen für lange Eingaben umgeschrieben werden. linear: jede durch den Faktor geteilt. llama3: lange Wellenlängen um den Faktor verlangsamt, kurze behalten, die dazwischen überblendet.</translation>
    </message>
    <message>
        <source>The scaling&apos;s factor (Llama 3.1: 8, Llama 3.2: 32).</source>
        <translation>Der Faktor der Skalierung (Llama 3.1: 8, Llama 3.2: 32).</translation>
    </message>
    <message>
        <source>low </source>
        <translation>tief </translation>
    </message>
    <message>
        <source>high </source>
        <translation>hoch </translation>
    </message>
    <message>
        <source>orig </source>
        <translation>orig </translation>
    </message>
    <message>
        <source>llama3: wavelengths beyond original/low are slowed by the factor.</source>
        <translation>llama3: Wellenlängen über original/tief werden um den Faktor verlangsamt.</translation>
    </message>
    <message>
        <source>llama3: wavelengths below original/high are kept.</source>
        <translation>llama3: Wellenlängen unter original/hoch bleiben.</translation>
    </message>
    <message>
        <source>llama3: the context the model was first trained on.</source>
        <translation>llama3: der Kontext, auf dem das Modell zuerst trainiert wurde.</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>Soft cap %1</source>
        <translation>Weiche Kappung %1</translation>
    </message>
    <message>
        <source>Scores&apos; scale and cap</source>
        <translation>Skalierung und Kappung der Scores</translation>
    </message>
    <message>
        <source>RoPE dimensions and scaling</source>
        <translation>RoPE-Dimensionen und -Skalierung</translation>
    </message>
    <message>
        <source>/√d_k</source>
        <translation>/√d_k</translation>
    </message>
    <message>
        <source>The scaling divides the scores by √s instead of √d_k (0: d_k). Gemma divides by √query_pre_attn_scalar.</source>
        <translation>Die Skalierung teilt die Scores durch √s statt durch √d_k (0: d_k). Gemma teilt durch √query_pre_attn_scalar.</translation>
    </message>
    <message>
        <source>Soft-capping: each scaled score s becomes c·tanh(s/c) before the mask, so no logit passes ±c (Gemma 2: c = 50). The “capped” stage shows it.</source>
        <translation>Weiche Kappung: jeder skalierte Score s wird vor der Maske zu c·tanh(s/c), sodass kein Logit ±c überschreitet (Gemma 2: c = 50). Die Stufe „capped“ zeigt es.</translation>
    </message>
</context>
<context>
    <name>attn::ui::KernelReadings</name>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
</context>
<context>
    <name>attn::ui::LayerDeltaView</name>
    <message>
        <source>How far B&apos;s residual stream after each layer is from A&apos;s: ‖hidden_B − hidden_A‖ / ‖hidden_A‖ over every position; a bar per layer, 0 on the left</source>
        <translation>Wie weit der Residualstrom von B nach jeder Schicht von dem von A entfernt ist: ‖hidden_B − hidden_A‖ / ‖hidden_A‖ über alle Positionen; ein Balken je Schicht, 0 links</translation>
    </message>
    <message>
        <source>How far the residual stream after each layer moved with the ablations: ‖hidden − hidden without them‖ / ‖hidden without them‖ over every position; a bar per layer, 0 on the left</source>
        <translation>Wie weit sich der Residualstrom nach jeder Schicht durch die Ablationen bewegt hat: ‖hidden − hidden ohne sie‖ / ‖hidden ohne sie‖ über alle Positionen; ein Balken je Schicht, 0 links</translation>
    </message>
    <message>
        <source>How far B is from A, per layer</source>
        <translation>Wie weit B von A entfernt ist, je Schicht</translation>
    </message>
    <message>
        <source>What changed, per layer</source>
        <translation>Was sich änderte, je Schicht</translation>
    </message>
    <message>
        <source>After layer %1 B&apos;s residual stream is %2 % of A&apos;s away from it</source>
        <translation>Nach Schicht %1 ist der Residualstrom von B um %2 % des von A von ihm entfernt</translation>
    </message>
    <message>
        <source>After layer %1 the residual stream moved by %2 %</source>
        <translation>Nach Schicht %1 hat sich der Residualstrom um %2 % bewegt</translation>
    </message>
    <message>
        <source>up to %1 % (L%2)</source>
        <translation>bis zu %1 % (L%2)</translation>
    </message>
</context>
<context>
    <name>attn::ui::LayerHeadGrid</name>
    <message>
        <source>previous token</source>
        <translation>vorheriges Token</translation>
    </message>
    <message>
        <source>first token</source>
        <translation>erstes Token</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>duplicate token</source>
        <translation>doppeltes Token</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>rollout through each layer</source>
        <translation>Rollout durch jede Schicht</translation>
    </message>
    <message>
        <source>each layer&apos;s heads by %1 score, highest first</source>
        <translation>Köpfe jeder Schicht nach %1-Wert, höchster zuerst</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>h%1 %2</source>
        <translation>K%1 %2</translation>
    </message>
    <message>
        <source>Patch head %1 of layer %2 from B</source>
        <translation>Kopf %1 der Schicht %2 aus B patchen</translation>
    </message>
    <message>
        <source>Take head %1 of layer %2 apart</source>
        <translation>Kopf %1 von Schicht %2 zerlegen</translation>
    </message>
    <message>
        <source>Take layer %1 apart (all heads)</source>
        <translation>Schicht %1 zerlegen (alle Köpfe)</translation>
    </message>
    <message>
        <source>Circuits of head %1 (W_QK, W_OV)</source>
        <translation>Schaltkreise von Kopf %1 (W_QK, W_OV)</translation>
    </message>
    <message>
        <source>Ablate the head (zero its output)</source>
        <translation>Den Kopf ablatieren (Ausgabe null)</translation>
    </message>
    <message>
        <source>Ablate the head (its mean over the positions)</source>
        <translation>Den Kopf ablatieren (Mittel über die Positionen)</translation>
    </message>
    <message>
        <source>Scale the head&apos;s output…</source>
        <translation>Die Ausgabe des Kopfes skalieren…</translation>
    </message>
    <message>
        <source>Scale the head&apos;s output</source>
        <translation>Die Ausgabe des Kopfes skalieren</translation>
    </message>
    <message>
        <source>Multiply the output of head %1 of layer %2 by:</source>
        <translation>Die Ausgabe von Kopf %1 in Schicht %2 multiplizieren mit:</translation>
    </message>
    <message>
        <source>Restore the head</source>
        <translation>Den Kopf wiederherstellen</translation>
    </message>
    <message>
        <source>Restore every head</source>
        <translation>Alle Köpfe wiederherstellen</translation>
    </message>
    <message>
        <source>Patch at each position and layer (the residual stream)</source>
        <translation>An jeder Position und Schicht patchen (der Residualstrom)</translation>
    </message>
    <message>
        <source>Steer the residual after layer %1…</source>
        <translation>Den Residualstrom nach Schicht %1 steuern…</translation>
    </message>
</context>
<context>
    <name>attn::ui::LessonPanel</name>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>A guided walk through scaled dot-product attention on the numbers shown, step by step. Start it with &lt;b&gt;F5&lt;/b&gt;; Page Down / Page Up move between steps.</source>
        <translation>Ein geführter Weg durch Scaled Dot-Product Attention mit den angezeigten Zahlen, Schritt für Schritt. Starten mit &lt;b&gt;F5&lt;/b&gt;; Bild ab / Bild auf wechseln zwischen den Schritten.</translation>
    </message>
</context>
<context>
    <name>attn::ui::LogitLensView</name>
    <message>
        <source>Type a text above</source>
        <translation>Oben einen Text eingeben</translation>
    </message>
    <message>
        <source>after L%1</source>
        <translation>nach S%1</translation>
    </message>
    <message>
        <source>After layer %1, at %2 (token %3), the model would predict:</source>
        <translation>Nach Schicht %1, bei %2 (Token %3), würde das Modell vorhersagen:</translation>
    </message>
</context>
<context>
    <name>attn::ui::MainWindow</name>
    <message>
        <source>attnviz — scaled dot-product attention</source>
        <translation>attnviz – Scaled Dot-Product Attention</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Clear the &amp;mask</source>
        <translation>&amp;Maske leeren</translation>
    </message>
    <message>
        <source>&amp;Next query row</source>
        <translation>&amp;Nächste Query-Zeile</translation>
    </message>
    <message>
        <source>&amp;Previous query row</source>
        <translation>&amp;Vorherige Query-Zeile</translation>
    </message>
    <message>
        <source>&amp;About attnviz</source>
        <translation>Ü&amp;ber attnviz</translation>
    </message>
    <message>
        <source>About attnviz</source>
        <translation>Über attnviz</translation>
    </message>
    <message>
        <source>&lt;b&gt;attnviz&lt;/b&gt; %1&lt;br&gt;Scaled dot-product attention, every number editable, every step visible.&lt;br&gt;&lt;br&gt;Edit any input in the tables at the bottom (sizes and options on the left); hover a cell to see how it was computed; click a query row to see its output built from the rows of V; click a logits cell to mask it.</source>
        <translation>&lt;b&gt;attnviz&lt;/b&gt; %1&lt;br&gt;Scaled Dot-Product Attention, jede Zahl bearbeitbar, jeder Schritt sichtbar.&lt;br&gt;&lt;br&gt;Bearbeiten Sie jede Eingabe in den Tabellen unten (Größen und Optionen links); zeigen Sie auf eine Zelle, um zu sehen, wie sie berechnet wurde; klicken Sie auf eine Query-Zeile, um ihre Ausgabe aus den Zeilen von V entstehen zu sehen; klicken Sie auf eine Logit-Zelle, um sie zu maskieren.</translation>
    </message>
    <message>
        <source>&amp;Weights colour map</source>
        <translation>&amp;Farbskala der Gewichte</translation>
    </message>
    <message>
        <source>&amp;Signed colour map</source>
        <translation>Farbskala mit &amp;Vorzeichen</translation>
    </message>
    <message>
        <source>&amp;Row layout: %1</source>
        <translation>&amp;Zeilenlayout: %1</translation>
    </message>
    <message>
        <source>&amp;Column layout: %1</source>
        <translation>&amp;Spaltenlayout: %1</translation>
    </message>
    <message>
        <source>&amp;Switch layout</source>
        <translation>Layout &amp;wechseln</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Layout</translation>
    </message>
    <message>
        <source> Layout: </source>
        <translation> Layout: </translation>
    </message>
    <message>
        <source>tokens are rows; softmax along each row. The column layout computes the same attention, transposed.</source>
        <translation>Tokens sind Zeilen; Softmax entlang jeder Zeile. Das Spaltenlayout berechnet dieselbe Attention, transponiert.</translation>
    </message>
    <message>
        <source>tokens are columns; softmax down each column. Every matrix is the transpose of the row layout&apos;s: the same attention.</source>
        <translation>Tokens sind Spalten; Softmax abwärts in jeder Spalte. Jede Matrix ist die Transponierte der des Zeilenlayouts: dieselbe Attention.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>last update: %1 ms (compute %2 ms, draw %3 ms)</source>
        <translation>letzte Aktualisierung: %1 ms (Berechnung %2 ms, Zeichnen %3 ms)</translation>
    </message>
</context>
<context>
    <name>attn::ui::MaskBiasView</name>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
    <message>
        <source>custom cells</source>
        <translation>eigene Zellen</translation>
    </message>
    <message>
        <source>a sliding window of %1 key%2%3%4</source>
        <translation>ein gleitendes Fenster von %1 Key%2%3%4</translation>
    </message>
    <message>
        <source> and the token itself</source>
        <translation> und das Token selbst</translation>
    </message>
    <message>
        <source>, %1 global token%2</source>
        <translation>, %1 globale(s) Token%2</translation>
    </message>
    <message>
        <source>Nothing is masked.</source>
        <translation>Nichts ist maskiert.</translation>
    </message>
    <message>
        <source>Masked: </source>
        <translation>Maskiert: </translation>
    </message>
    <message>
        <source> ALiBi adds slope·(j − i) to each head&apos;s logits.</source>
        <translation> ALiBi addiert Steigung·(j − i) zu den Logits jedes Kopfes.</translation>
    </message>
    <message>
        <source> ALiBi is off (no bias).</source>
        <translation> ALiBi ist aus (kein Bias).</translation>
    </message>
    <message>
        <source>which keys each query sees (hatched: masked)</source>
        <translation>welche Keys jede Query sieht (schraffiert: maskiert)</translation>
    </message>
    <message>
        <source>ALiBi bias of head %1: %2·(j − i)</source>
        <translation>ALiBi-Bias von Kopf %1: %2·(j − i)</translation>
    </message>
    <message>
        <source>query i</source>
        <translation>Query i</translation>
    </message>
    <message>
        <source>key j</source>
        <translation>Key j</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
</context>
<context>
    <name>attn::ui::MatrixEditor</name>
    <message>
        <source>Type or double-click to edit a cell.
Mouse wheel over the selected cell (or any cell when the whole table is visible), or Alt+Up/Down: ±0.1, with Shift: ±0.01.
Ctrl+C copies the selection, Ctrl+V pastes a block at the current cell (tab, comma or space separated).
Right-click: randomize or refill the matrix.</source>
        <translation>Tippen oder doppelklicken, um eine Zelle zu bearbeiten.
Mausrad über der gewählten Zelle (oder über jeder Zelle, wenn die ganze Tabelle sichtbar ist) oder Alt+Auf/Ab: ±0.1, mit Umschalt: ±0.01.
Strg+C kopiert die Auswahl, Strg+V fügt einen Block an der aktuellen Zelle ein (durch Tabulator, Komma oder Leerzeichen getrennt).
Rechtsklick: die Matrix zufällig oder neu füllen.</translation>
    </message>
    <message>
        <source>Nothing pasted: %1</source>
        <translation>Nichts eingefügt: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Einfügen</translation>
    </message>
    <message>
        <source>Randomize %1 (normal, seeded)</source>
        <translation>%1 zufällig füllen (normalverteilt, mit Startwert)</translation>
    </message>
    <message>
        <source>Fill %1 with %2</source>
        <translation>%1 mit %2 füllen</translation>
    </message>
</context>
<context>
    <name>attn::ui::MatrixTableModel</name>
    <message>
        <source>%1 of head %2</source>
        <translation>%1 von Kopf %2</translation>
    </message>
    <message>
        <source> — the cell keeps %1</source>
        <translation> – die Zelle behält %1</translation>
    </message>
    <message>
        <source>An empty entry is not a number</source>
        <translation>Ein leerer Eintrag ist keine Zahl</translation>
    </message>
    <message>
        <source>“%1” is too large (values must lie within ±1e15)</source>
        <translation>„%1“ ist zu groß (Werte müssen zwischen ±1e15 liegen)</translation>
    </message>
    <message>
        <source>“%1” is not a number</source>
        <translation>„%1“ ist keine Zahl</translation>
    </message>
</context>
<context>
    <name>attn::ui::NetworkComparison</name>
    <message>
        <source>%1: not a file of the model in A (the same architecture, layers, heads and vocabulary are needed)</source>
        <translation>%1: keine Datei des Modells in A (dieselbe Architektur, dieselben Schichten, Köpfe und dasselbe Vokabular sind nötig)</translation>
    </message>
    <message>
        <source>Comparing two files reads every head&apos;s weights whole: at %1 tokens the runs do not keep them. Compare shorter texts.</source>
        <translation>Der Vergleich zweier Dateien liest die Gewichte jedes Kopfes vollständig: bei %1 Tokens behalten die Läufe sie nicht. Kürzere Texte vergleichen.</translation>
    </message>
</context>
<context>
    <name>attn::ui::NetworkController</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Open &amp;model…</source>
        <translation>&amp;Modell öffnen…</translation>
    </message>
    <message>
        <source>Open a Hugging Face model folder (config.json, model.safetensors and its tokenizer) and see every head of every layer</source>
        <translation>Einen Hugging-Face-Modellordner öffnen (config.json, model.safetensors und sein Tokenizer) und jeden Kopf jeder Schicht sehen</translation>
    </message>
    <message>
        <source>Show the &amp;model</source>
        <translation>&amp;Modell zeigen</translation>
    </message>
    <message>
        <source>Show the open model&apos;s heads in the whole window, or the workbench again</source>
        <translation>Die Köpfe des geöffneten Modells im ganzen Fenster zeigen, oder wieder die Werkbank</translation>
    </message>
    <message>
        <source>◂ Back to the model</source>
        <translation>◂ Zurück zum Modell</translation>
    </message>
    <message>
        <source>Show the model the workbench&apos;s numbers came from (Ctrl+M)</source>
        <translation>Das Modell zeigen, aus dem die Zahlen der Werkbank stammen (Strg+M)</translation>
    </message>
    <message>
        <source>Send the head&apos;s edits to the model ▸</source>
        <translation>Die Änderungen des Kopfes ans Modell senden ▸</translation>
    </message>
    <message>
        <source>Run the model with this head as the workbench computes it now: its output replaces the head&apos;s own, and the model shows what changed (Edit › Undo takes it back)</source>
        <translation>Das Modell mit diesem Kopf rechnen, wie ihn die Werkbank jetzt berechnet: Seine Ausgabe ersetzt die eigene des Kopfes, und das Modell zeigt, was sich änderte (Bearbeiten › Rückgängig nimmt es zurück)</translation>
    </message>
    <message>
        <source>Its circuits ▸</source>
        <translation>Seine Schaltkreise ▸</translation>
    </message>
    <message>
        <source>W_QK and W_OV of this head as the workbench holds it now, edits included, with their spectra and the copying score (the model view&apos;s Circuits tab)</source>
        <translation>W_QK und W_OV dieses Kopfes, wie die Werkbank ihn jetzt hält, mit den Änderungen, samt Spektren und Kopierwert (Reiter Schaltkreise der Modellansicht)</translation>
    </message>
    <message>
        <source>Weights heatmap: attention weights</source>
        <translation>Gewichte-Heatmap: Aufmerksamkeitsgewichte</translation>
    </message>
    <message>
        <source>Weights heatmap: value-weighted ‖a·v·Wo‖</source>
        <translation>Gewichte-Heatmap: wertgewichtet ‖a·v·Wo‖</translation>
    </message>
    <message>
        <source>Weights heatmap: attention rollout</source>
        <translation>Gewichte-Heatmap: Attention-Rollout</translation>
    </message>
    <message>
        <source>What the workbench&apos;s weights heatmap shows for the head taken apart, as the model view&apos;s Show box does for every head</source>
        <translation>Was die Gewichte-Heatmap der Werkbank für den zerlegten Kopf zeigt, wie das Feld Zeigen der Modellansicht für jeden Kopf</translation>
    </message>
    <message>
        <source>Opened the model %1</source>
        <translation>Modell %1 geöffnet</translation>
    </message>
    <message>
        <source>Take the layer apart</source>
        <translation>Die Schicht zerlegen</translation>
    </message>
    <message>
        <source>No head of the model is in the workbench: take one apart first.</source>
        <translation>Kein Kopf des Modells ist in der Werkbank: Zerlegen Sie zuerst einen.</translation>
    </message>
    <message>
        <source>The workbench no longer holds head %1 of layer %2 on the model&apos;s %3 tokens: take the head apart again.</source>
        <translation>Die Werkbank enthält nicht mehr Kopf %1 von Schicht %2 auf den %3 Token des Modells: Zerlegen Sie den Kopf erneut.</translation>
    </message>
    <message>
        <source>The head&apos;s output does not fit the model (not finite, or of another shape).</source>
        <translation>Die Ausgabe des Kopfes passt nicht zum Modell (nicht endlich oder von anderer Form).</translation>
    </message>
    <message>
        <source>Layer %1, head %2 as edited in the workbench</source>
        <translation>Schicht %1, Kopf %2, wie in der Werkbank geändert</translation>
    </message>
    <message>
        <source>Layer %1, head %2 from the workbench</source>
        <translation>Schicht %1, Kopf %2 aus der Werkbank</translation>
    </message>
    <message>
        <source>There is no run of the model to take apart yet: type a text.</source>
        <translation>Es gibt noch keinen Lauf des Modells zum Zerlegen: Geben Sie einen Text ein.</translation>
    </message>
    <message>
        <source>The model has no layer %1.</source>
        <translation>Das Modell hat keine Schicht %1.</translation>
    </message>
    <message>
        <source>Layer %1 is too large for the workbench: %2</source>
        <translation>Schicht %1 ist zu groß für die Werkbank: %2</translation>
    </message>
    <message>
        <source>%1

Take head %2 of it apart instead?</source>
        <translation>%1

Stattdessen ihren Kopf %2 zerlegen?</translation>
    </message>
    <message>
        <source>Take apart head %1 of layer %2 of %3</source>
        <translation>Kopf %1 von Schicht %2 von %3 zerlegen</translation>
    </message>
    <message>
        <source>Take apart layer %1 of %2</source>
        <translation>Schicht %1 von %2 zerlegen</translation>
    </message>
    <message>
        <source>%1: in the workbench now; ◂ Back to the model (Ctrl+M) shows the model again.</source>
        <translation>%1: jetzt in der Werkbank; ◂ Zurück zum Modell (Strg+M) zeigt wieder das Modell.</translation>
    </message>
    <message>
        <source>The model of this session is not there: %1</source>
        <translation>Das Modell dieser Sitzung ist nicht da: %1</translation>
    </message>
    <message>
        <source>The model of this session could not be opened: %1</source>
        <translation>Das Modell dieser Sitzung ließ sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>Position %1 gets weight %2 here (%3 on average), but its value writes ‖v·Wo‖ = %4 (the other keys: %5 on average): ‖a·v·Wo‖ = %6.</source>
        <translation>Position %1 bekommt hier das Gewicht %2 (%3 im Mittel), aber ihr Wert schreibt ‖v·Wo‖ = %4 (die anderen Schlüssel: %5 im Mittel): ‖a·v·Wo‖ = %6.</translation>
    </message>
    <message>
        <source>A sink: the head parks its weight there, and little comes of it (the value-weighted picture shows it).</source>
        <translation>Eine Senke: der Kopf parkt sein Gewicht dort, und wenig folgt daraus (das wertgewichtete Bild zeigt es).</translation>
    </message>
    <message>
        <source>‖a·v·Wo‖ (value-weighted)</source>
        <translation>‖a·v·Wo‖ (wertgewichtet)</translation>
    </message>
    <message>
        <source>rollout through layer %1 (the model&apos;s run)</source>
        <translation>Rollout bis Schicht %1 (der Lauf des Modells)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Compare with another &amp;file…</source>
        <translation>Mit einer anderen &amp;Datei vergleichen …</translation>
    </message>
    <message>
        <source>Run the text through another file of the same model (F16 beside Q4_K_M, a folder beside a GGUF file) and see per head how far its attention moved</source>
        <translation>Den Text durch eine andere Datei desselben Modells laufen lassen (F16 neben Q4_K_M, ein Ordner neben einer GGUF-Datei) und je Kopf sehen, wie weit sich seine Aufmerksamkeit verschoben hat</translation>
    </message>
    <message>
        <source>Open a model</source>
        <translation>Ein Modell öffnen</translation>
    </message>
    <message>
        <source>Models (*.gguf config.json);;GGUF files (*.gguf);;Hugging Face folders (config.json)</source>
        <translation>Modelle (*.gguf config.json);;GGUF-Dateien (*.gguf);;Hugging-Face-Ordner (config.json)</translation>
    </message>
    <message>
        <source>Compare with another file of the model</source>
        <translation>Mit einer anderen Datei des Modells vergleichen</translation>
    </message>
    <message>
        <source>Kept the document: the head was not taken apart.</source>
        <translation>Das Dokument bleibt: der Kopf wurde nicht zerlegt.</translation>
    </message>
    <message>
        <source>%1: layer %2, head %3</source>
        <translation>%1: Schicht %2, Kopf %3</translation>
    </message>
    <message>
        <source>%1: layer %2</source>
        <translation>%1: Schicht %2</translation>
    </message>
    <message>
        <source>The head in the workbench grew with the KV cache: row %1 is the new query; the keys and values of rows 0–%2 were reused.</source>
        <translation>Der Kopf in der Werkbank ist mit dem KV-Cache gewachsen: Zeile %1 ist die neue Anfrage; die Schlüssel und Werte der Zeilen 0–%2 wurden wiederverwendet.</translation>
    </message>
</context>
<context>
    <name>attn::ui::NetworkInterventions</name>
    <message>
        <source>Ablate head %1 of layer %2 (output zeroed)</source>
        <translation>Kopf %1 von Schicht %2 ablatieren (Ausgabe null)</translation>
    </message>
    <message>
        <source>Ablate head %1 of layer %2 (output replaced by its mean)</source>
        <translation>Kopf %1 von Schicht %2 ablatieren (Ausgabe durch ihr Mittel ersetzt)</translation>
    </message>
    <message>
        <source>Scale head %1 of layer %2 by %3</source>
        <translation>Kopf %1 von Schicht %2 mit %3 skalieren</translation>
    </message>
    <message>
        <source>Send the edits of head %1 of layer %2 to the model</source>
        <translation>Die Änderungen von Kopf %1 in Schicht %2 ans Modell senden</translation>
    </message>
    <message>
        <source>Restore head %1 of layer %2</source>
        <translation>Kopf %1 von Schicht %2 wiederherstellen</translation>
    </message>
    <message>
        <source>Restore every head</source>
        <translation>Alle Köpfe wiederherstellen</translation>
    </message>
    <message numerus="yes">
        <source>%n ablation(s) of the session do not fit the model and were left out</source>
        <translation>
            <numerusform>%n Ablation der Sitzung passt nicht zum Modell und wurde ausgelassen</numerusform>
            <numerusform>%n Ablationen der Sitzung passen nicht zum Modell und wurden ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>Steer after layer %1</source>
        <translation>Nach Schicht %1 steuern</translation>
    </message>
    <message>
        <source>Steer after layer %1 by “%2” − “%3” × %4</source>
        <translation>Nach Schicht %1 steuern mit „%2“ − „%3“ × %4</translation>
    </message>
    <message>
        <source>steering after layer %1: the model has layers 0–%2</source>
        <translation>die Steuerung nach Schicht %1: Das Modell hat die Schichten 0–%2</translation>
    </message>
    <message>
        <source>steering after layer %1: its vector must be %2 finite numbers (d_model), not %3</source>
        <translation>die Steuerung nach Schicht %1: Ihr Vektor muss aus %2 endlichen Zahlen (d_model) bestehen, nicht aus %3</translation>
    </message>
    <message>
        <source>%1 numbers</source>
        <translation>%1 Zahlen</translation>
    </message>
    <message>
        <source>values that are not finite numbers</source>
        <translation>Werten, die keine endlichen Zahlen sind</translation>
    </message>
    <message>
        <source>left out %1</source>
        <translation>weggelassen: %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::NetworkRunner</name>
    <message>
        <source>%1, %2 layers × %3 heads, d_model %4, %5; %6</source>
        <translation>%1, %2 Schichten × %3 Köpfe, d_model %4, %5; %6</translation>
    </message>
    <message>
        <source>The run was cancelled: edit the text to run it again.</source>
        <translation>Der Lauf wurde abgebrochen: Ändern Sie den Text, um ihn erneut zu starten.</translation>
    </message>
    <message>
        <source>There is no run of this text to continue yet.</source>
        <translation>Von diesem Text gibt es noch keinen Lauf, der sich fortsetzen ließe.</translation>
    </message>
    <message>
        <source>This model does not write: it has no KV cache.</source>
        <translation>Dieses Modell schreibt nicht: Es hat keinen KV-Cache.</translation>
    </message>
    <message>
        <source>%1 depends on every position of the text, so the KV cache cannot be reused: the longer text runs whole.</source>
        <translation>%1 hängt von jeder Position des Textes ab, daher lässt sich der KV-Cache nicht wiederverwenden: Der längere Text läuft ganz.</translation>
    </message>
    <message>
        <source>At %1 tokens the run keeps no head&apos;s weights: the longer text runs whole.</source>
        <translation>Bei %1 Tokens behält der Lauf die Gewichte keines Kopfes: Der längere Text läuft ganz.</translation>
    </message>
    <message>
        <source>The KV cache could not grow the run (%1): the text ran whole.</source>
        <translation>Der KV-Cache konnte den Lauf nicht verlängern (%1): Der Text lief ganz.</translation>
    </message>
</context>
<context>
    <name>attn::ui::NetworkView</name>
    <message>
        <source>Open model…</source>
        <translation>Modell öffnen…</translation>
    </message>
    <message>
        <source>Back to the workbench</source>
        <translation>Zurück zur Werkbank</translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation>&amp;Text:</translation>
    </message>
    <message>
        <source>Type a sentence; the model runs on it as you type</source>
        <translation>Geben Sie einen Satz ein; das Modell rechnet schon während des Tippens</translation>
    </message>
    <message>
        <source>&amp;Compare with:</source>
        <translation>&amp;Vergleichen mit:</translation>
    </message>
    <message>
        <source>a second sentence (B), of as many tokens</source>
        <translation>ein zweiter Satz (B), mit gleich vielen Tokens</translation>
    </message>
    <message>
        <source>S&amp;how:</source>
        <translation>&amp;Zeigen:</translation>
    </message>
    <message>
        <source>&amp;Score heads by:</source>
        <translation>Köpfe &amp;bewerten nach:</translation>
    </message>
    <message>
        <source>S&amp;ort by the score</source>
        <translation>Nach dem Wert s&amp;ortieren</translation>
    </message>
    <message>
        <source>Draw each layer&apos;s heads from the highest score to the lowest</source>
        <translation>Die Köpfe jeder Schicht vom höchsten Wert zum niedrigsten zeichnen</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>Restore every head</source>
        <translation>Alle Köpfe wiederherstellen</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>Attention-Gewichte</translation>
    </message>
    <message>
        <source>value-weighted ‖a·v·Wo‖</source>
        <translation>wertgewichtet ‖a·v·Wo‖</translation>
    </message>
    <message>
        <source>attention rollout</source>
        <translation>Attention-Rollout</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>Köpfe</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit-Linse</translation>
    </message>
    <message>
        <source>Circuits</source>
        <translation>Schaltkreise</translation>
    </message>
    <message>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <source>No model is open: File › Open model… or drop a model folder (config.json, model.safetensors and the tokenizer&apos;s files) on the window.</source>
        <translation>Kein Modell geöffnet: Datei › Modell öffnen… oder einen Modellordner (config.json, model.safetensors und die Dateien des Tokenizers) auf das Fenster ziehen.</translation>
    </message>
    <message>
        <source>Click a head to take it apart in the workbench; hover it to enlarge it.</source>
        <translation>Klicken Sie auf einen Kopf, um ihn in der Werkbank zu zerlegen; zeigen Sie darauf, um ihn zu vergrößern.</translation>
    </message>
    <message>
        <source>Take the head apart</source>
        <translation>Den Kopf zerlegen</translation>
    </message>
    <message>
        <source>Take the layer apart</source>
        <translation>Die Schicht zerlegen</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>Schicht %1, Kopf %2</translation>
    </message>
    <message>
        <source>Take head %1 apart</source>
        <translation>Kopf %1 zerlegen</translation>
    </message>
    <message>
        <source>Take layer %1 apart (all heads)</source>
        <translation>Schicht %1 zerlegen (alle Köpfe)</translation>
    </message>
    <message>
        <source>layer %1 head %2: %3</source>
        <translation>Schicht %1 Kopf %2: %3</translation>
    </message>
    <message>
        <source>No token of this text repeats an earlier one, so no head has a %1 score: type a sentence that repeats itself.</source>
        <translation>Kein Token dieses Textes wiederholt ein früheres, daher hat kein Kopf einen %1-Wert: Geben Sie einen Satz ein, der sich wiederholt.</translation>
    </message>
    <message>
        <source>Highest %1 score: %2</source>
        <translation>Höchster %1-Wert: %2</translation>
    </message>
    <message>
        <source>Click: take it apart in the workbench. Right-click: ablate it, or Circuits of head %1 (what it reads and writes, from its weights).</source>
        <translation>Klick: in der Werkbank zerlegen. Rechtsklick: abschalten, oder Schaltkreise von Kopf %1 (was er liest und schreibt, aus seinen Gewichten).</translation>
    </message>
    <message>
        <source>Layer %1, head %2: ‖a·v·Wo‖</source>
        <translation>Schicht %1, Kopf %2: ‖a·v·Wo‖</translation>
    </message>
    <message>
        <source>Rollout through layer %1</source>
        <translation>Rollout durch Schicht %1</translation>
    </message>
    <message>
        <source>½·mean of the heads + ½·I per layer, multiplied from layer 0 up: rows are positions after the layers, columns the input tokens they trace back to.</source>
        <translation>½·Mittel der Köpfe + ½·I je Schicht, von Schicht 0 an multipliziert: Zeilen sind Positionen nach den Schichten, Spalten die Eingabetoken, auf die sie zurückgehen.</translation>
    </message>
    <message>
        <source>Key %1 (%2) draws %3 % of the weight on average, and its value writes ‖v·Wo‖ = %4 (the other keys: %5 on average).</source>
        <translation>Schlüssel %1 (%2) zieht im Mittel %3 % des Gewichts auf sich, und sein Wert schreibt ‖v·Wo‖ = %4 (die anderen Schlüssel: im Mittel %5).</translation>
    </message>
    <message>
        <source>So it is a sink: the head parks its weight there, and little comes of it.</source>
        <translation>Er ist also eine Senke: Der Kopf parkt dort sein Gewicht, und wenig kommt dabei heraus.</translation>
    </message>
    <message>
        <source>which key each query reads, 0–1 for every head</source>
        <translation>welchen Schlüssel jede Anfrage liest, 0–1 für jeden Kopf</translation>
    </message>
    <message>
        <source>how much each key adds to the query&apos;s output (Kobayashi et al. 2020), one scale for every head: 0–%1. Hover a head for its sink.</source>
        <translation>wie viel jeder Schlüssel zur Ausgabe der Anfrage beiträgt (Kobayashi et al. 2020), eine Skala für alle Köpfe: 0–%1. Zeigen Sie auf einen Kopf für seine Senke.</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>wird gelesen…</translation>
    </message>
    <message>
        <source>where each position&apos;s information came from through the layers, if attention alone mixed tokens (Abnar &amp; Zuidema 2020; it ignores the MLPs and how much each value writes)</source>
        <translation>woher die Information jeder Position durch die Schichten kam, wenn allein Attention die Token mischte (Abnar &amp; Zuidema 2020; es übergeht die MLPs und wie viel jeder Wert schreibt)</translation>
    </message>
    <message>
        <source>Type a text above</source>
        <translation>Oben einen Text eingeben</translation>
    </message>
    <message>
        <source>Reading the logit lens…</source>
        <translation>Die Logit-Linse wird gelesen…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>This model has no tokenizer: type token ids, such as 1, 15043, 3186</source>
        <translation>Dieses Modell hat keinen Tokenizer: Token-IDs eingeben, etwa 1, 15043, 3186</translation>
    </message>
    <message>
        <source>a second list of ids (B), as many</source>
        <translation>eine zweite Liste von IDs (B), gleich viele</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Zuordnung</translation>
    </message>
    <message>
        <source>Attribute the top prediction</source>
        <translation>Die wahrscheinlichste Vorhersage zuordnen</translation>
    </message>
    <message>
        <source>Split the logit of the most probable next token into what each head, each MLP, the embeddings and the biases write directly (direct logit attribution)</source>
        <translation>Das Logit des wahrscheinlichsten nächsten Tokens in das zerlegen, was jeder Kopf, jedes MLP, die Embeddings und die Biases direkt schreiben (direkte Logit-Zuordnung)</translation>
    </message>
    <message>
        <source>Attributing the top prediction…</source>
        <translation>Die wahrscheinlichste Vorhersage wird zugeordnet…</translation>
    </message>
    <message>
        <source>Continue ▸</source>
        <translation>Weiter ▸</translation>
    </message>
    <message>
        <source>Stop (%1 of %2)</source>
        <translation>Anhalten (%1 von %2)</translation>
    </message>
    <message>
        <source>Continue 10</source>
        <translation>10 weiter</translation>
    </message>
    <message>
        <source>Steer the residual stream</source>
        <translation>Den Residualstrom steuern</translation>
    </message>
    <message>
        <source>Adds (A − B) × scale after the layer at every position: A and B are the residual streams after that layer at the last token of each text (ActAdd, Turner et al. 2023).</source>
        <translation>Addiert (A − B) × Faktor nach der Schicht an jeder Position: A und B sind die Residualströme nach dieser Schicht am letzten Token jedes Textes (ActAdd, Turner et al. 2023).</translation>
    </message>
    <message>
        <source>After &amp;layer:</source>
        <translation>Nach &amp;Schicht:</translation>
    </message>
    <message>
        <source>for example “Love”</source>
        <translation>zum Beispiel „Love“</translation>
    </message>
    <message>
        <source>Text &amp;A:</source>
        <translation>Text &amp;A:</translation>
    </message>
    <message>
        <source>for example “Hate”</source>
        <translation>zum Beispiel „Hate“</translation>
    </message>
    <message>
        <source>Text &amp;B:</source>
        <translation>Text &amp;B:</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>&amp;Faktor:</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the model&apos;s run of this text</source>
        <translation>Den Lauf des Modells auf diesem Text anhalten</translation>
    </message>
    <message>
        <source>&amp;Find:</source>
        <translation>&amp;Suchen:</translation>
    </message>
    <message>
        <source>a word of the text: its positions light up on every head</source>
        <translation>ein Wort des Textes: seine Positionen leuchten auf jedem Kopf auf</translation>
    </message>
    <message>
        <source>Choose a position: the head taken apart shows its row</source>
        <translation>Eine Position wählen: der zerlegte Kopf zeigt ihre Zeile</translation>
    </message>
    <message>
        <source>layer %v of %m</source>
        <translation>Schicht %v von %m</translation>
    </message>
    <message>
        <source>Layer %1, head %2: the largest weight of each block</source>
        <translation>Schicht %1, Kopf %2: das größte Gewicht jedes Blocks</translation>
    </message>
    <message>
        <source>At %1 tokens the run keeps no head&apos;s weights: each cell is the largest of a block of them, derived from the layer again. Click to take the head apart: the workbench shows every weight.</source>
        <translation>Bei %1 Tokens behält der Lauf die Gewichte keines Kopfes: Jede Zelle ist das größte eines Blocks davon, aus der Schicht neu berechnet. Klicken zerlegt den Kopf: Die Werkbank zeigt jedes Gewicht.</translation>
    </message>
    <message>
        <source>which key each query reads, 0–1 for every head: at %1 tokens, the largest weight of each block of them, read layer by layer</source>
        <translation>welchen Key jede Query liest, 0–1 für jeden Kopf: bei %1 Tokens das größte Gewicht jedes Blocks davon, Schicht für Schicht gelesen</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Stop reading the heads layer by layer</source>
        <translation>Das schichtweise Lesen der Köpfe anhalten</translation>
    </message>
    <message>
        <source>Read the layers left</source>
        <translation>Die übrigen Schichten lesen</translation>
    </message>
    <message>
        <source>Stopped after %1 of %2 layers: the other heads are blank and have no row values.</source>
        <translation>Nach %1 von %2 Schichten angehalten: Die übrigen Köpfe bleiben leer und haben keine Werte in der Tabelle.</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>Position %1</translation>
    </message>
    <message>
        <source>not in the text</source>
        <translation>nicht im Text</translation>
    </message>
    <message>
        <source>%1 positions (the first %2 lit)</source>
        <translation>%1 Positionen (die ersten %2 hervorgehoben)</translation>
    </message>
    <message numerus="yes">
        <source>%n position(s)</source>
        <translation>
            <numerusform>%n Position</numerusform>
            <numerusform>%n Positionen</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reading this picture layer by layer</source>
        <translation>Das schichtweise Lesen dieses Bildes beenden</translation>
    </message>
    <message>
        <source>reading layer %1 of %2…</source>
        <translation>lese Schicht %1 von %2 …</translation>
    </message>
    <message>
        <source>Layer %1, head %2: the largest ‖a·v·Wo‖ of each block</source>
        <translation>Schicht %1, Kopf %2: das größte ‖a·v·Wo‖ jedes Blocks</translation>
    </message>
    <message>
        <source>At %1 tokens each cell is the largest of a block of cells, derived from the layer again.</source>
        <translation>Bei %1 Tokens ist jede Zelle die größte eines Blocks von Zellen, aus der Schicht neu berechnet.</translation>
    </message>
    <message>
        <source>Rollout through layer %1: the largest of each block</source>
        <translation>Rollout bis Schicht %1: das Größte jedes Blocks</translation>
    </message>
    <message>
        <source>not read: choose the picture again to read it</source>
        <translation>nicht gelesen: das Bild erneut wählen, um es zu lesen</translation>
    </message>
    <message>
        <source>how much each key adds to the query&apos;s output (Kobayashi et al. 2020), 0–%1 for every head; at %2 tokens, block maxima</source>
        <translation>wie viel jeder Schlüssel zur Ausgabe der Anfrage beiträgt (Kobayashi et al. 2020), 0–%1 für alle Köpfe; bei %2 Tokens Blockmaxima</translation>
    </message>
    <message>
        <source>The last row (position %1) is the new query, computed now: it reads the %2 cached keys and values and its own. The rows above it were computed before.</source>
        <translation>Die letzte Zeile (Position %1) ist die neue Query, eben berechnet: Sie liest die %2 gespeicherten Keys und Values und ihre eigenen. Die Zeilen darüber wurden vorher berechnet.</translation>
    </message>
    <message>
        <source>Append the model&apos;s most probable next token to the text: its row is computed with the KV cache, reusing every earlier position&apos;s keys and values</source>
        <translation>Das wahrscheinlichste nächste Token des Modells an den Text anhängen: Seine Zeile wird mit dem KV-Cache berechnet, der die Keys und Values aller früheren Positionen wiederverwendet</translation>
    </message>
    <message>
        <source>Append ten tokens, one row each with the KV cache, each the most probable after the text so far</source>
        <translation>Zehn Tokens anhängen, je eine Zeile mit dem KV-Cache, jedes das wahrscheinlichste nach dem bisherigen Text</translation>
    </message>
    <message>
        <source>KV cache: %1 cached keys and values reused in every head, %2 new row computed (its query, key and value): %2 position of work instead of %3. Veiled in each head: the rows from before; outlined: the new query&apos;s row.</source>
        <translation>KV-Cache: %1 gespeicherte Keys und Values in jedem Kopf wiederverwendet, %2 neue Zeile berechnet (ihr q, k und v): Arbeit für %2 Position statt für %3. In jedem Kopf verschleiert: die Zeilen von vorher; umrandet: die Zeile der neuen Query.</translation>
    </message>
    <message>
        <source>The KV cache was filled once with the text&apos;s %1 tokens.</source>
        <translation>Der KV-Cache wurde einmal mit den %1 Tokens des Textes gefüllt.</translation>
    </message>
    <message>
        <source>KV cache not used: %1</source>
        <translation>KV-Cache nicht verwendet: %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::OnlineSoftmaxWidget</name>
    <message>
        <source>V·softmax(…) column</source>
        <translation>Spalte von V·softmax(…)</translation>
    </message>
    <message>
        <source>softmax(…)·V row</source>
        <translation>Zeile von softmax(…)·V</translation>
    </message>
    <message>
        <source>acc / ℓ = the plain %1: largest difference %2 %3</source>
        <translation>acc / ℓ = die einfache %1: größte Abweichung %2 %3</translation>
    </message>
    <message>
        <source>Every key is masked: ℓ stays 0 and the output column is 0, as in the plain path. </source>
        <translation>Jeder Key ist maskiert: ℓ bleibt 0 und die Ausgabespalte ist 0, wie beim einfachen Weg. </translation>
    </message>
    <message>
        <source>Every key is masked: ℓ stays 0 and the output row is 0, as in the plain path. </source>
        <translation>Jeder Key ist maskiert: ℓ bleibt 0 und die Ausgabezeile ist 0, wie beim einfachen Weg. </translation>
    </message>
    <message>
        <source>Query %1, key blocks of %2: m, ℓ and acc start at −∞, 0 and 0; each block updates them.</source>
        <translation>Query %1, Key-Blöcke von %2: m, ℓ und acc beginnen bei −∞, 0 und 0; jeder Block aktualisiert sie.</translation>
    </message>
    <message>
        <source>acc / ℓ</source>
        <translation>acc / ℓ</translation>
    </message>
</context>
<context>
    <name>attn::ui::OuterProductWidget</name>
    <message>
        <source>(column %1 of %2)·(row %1 of %3): rank one</source>
        <translation>(Spalte %1 von %2)·(Zeile %1 von %3): Rang eins</translation>
    </message>
    <message>
        <source>press → to add term 0</source>
        <translation>→ drücken, um Term 0 hinzuzufügen</translation>
    </message>
    <message>
        <source>✓ all %1 terms in: the partial sum equals %2</source>
        <translation>✓ alle %1 Terme drin: die Teilsumme ist gleich %2</translation>
    </message>
    <message>
        <source>%1 terms to go (largest difference %2)</source>
        <translation>noch %1 Terme (größte Abweichung %2)</translation>
    </message>
    <message>
        <source>Nothing to explain yet.</source>
        <translation>Noch nichts zu erklären.</translation>
    </message>
    <message>
        <source>term %1 (%2 %3)</source>
        <translation>Term %1 (%2 %3)</translation>
    </message>
    <message>
        <source>no term yet</source>
        <translation>noch kein Term</translation>
    </message>
    <message>
        <source>%1Σ first %2 of %3</source>
        <translation>%1Σ erste %2 von %3</translation>
    </message>
</context>
<context>
    <name>attn::ui::PositionsPanel</name>
    <message>
        <source>What if every position moves by</source>
        <translation>Was wäre, wenn sich jede Position verschiebt um</translation>
    </message>
    <message>
        <source>&lt;b&gt;No positions.&lt;/b&gt; Attention compares every query with every key whatever their places: it sees a set of tokens. Choose sinusoidal or RoPE beside the temperature.</source>
        <translation>&lt;b&gt;Keine Positionen.&lt;/b&gt; Attention vergleicht jede Query mit jedem Key, egal wo sie stehen: sie sieht eine Menge von Tokens. Wählen Sie sinusförmig oder RoPE neben der Temperatur.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sinusoidal:&lt;/b&gt; X′ = X + P before the projections, P[pos, 2i] = sin(pos/10000^(2i/p)), P[pos, 2i+1] = cos(…). Low columns turn fast, high ones slowly: each row is a position&apos;s fingerprint.</source>
        <translation>&lt;b&gt;Sinusförmig:&lt;/b&gt; X′ = X + P vor den Projektionen, P[pos, 2i] = sin(pos/10000^(2i/p)), P[pos, 2i+1] = cos(…). Niedrige Spalten drehen sich schnell, hohe langsam: jede Zeile ist der Fingerabdruck einer Position.</translation>
    </message>
    <message>
        <source>P — %1×%2</source>
        <translation>P — %1×%2</translation>
    </message>
    <message>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>Merkmal</translation>
    </message>
    <message>
        <source>&lt;b&gt;RoPE:&lt;/b&gt; each pair (2i, 2i+1) of a row of Q and of K is rotated by the angle pos·10000^(−2i/d_k) (radians, below); the Q and K shown are the rotated ones.</source>
        <translation>&lt;b&gt;RoPE:&lt;/b&gt; jedes Paar (2i, 2i+1) einer Zeile von Q und von K wird um den Winkel pos·10000^(−2i/d_k) gedreht (Bogenmaß, unten); die gezeigten Q und K sind die gedrehten.</translation>
    </message>
    <message>
        <source>RoPE angles, head %1 — %2×%3</source>
        <translation>RoPE-Winkel, Kopf %1 – %2×%3</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>Paar</translation>
    </message>
    <message>
        <source>Scores with every position + %1: the largest change is &lt;b&gt;%2&lt;/b&gt; (rounding). Rotating q by mθ and k by nθ leaves q·k depending on (m − n)θ only: RoPE encodes offsets, not places.</source>
        <translation>Scores mit jeder Position + %1: die größte Änderung ist &lt;b&gt;%2&lt;/b&gt; (Rundung). Dreht man q um mθ und k um nθ, hängt q·k nur von (m − n)θ ab: RoPE kodiert Abstände, nicht Orte.</translation>
    </message>
    <message>
        <source>Scores with every position + %1: the largest change is &lt;b&gt;%2&lt;/b&gt;. X + P mixes the place itself into q and k, so moving the sentence changes the scores (compare RoPE).</source>
        <translation>Scores mit jeder Position + %1: die größte Änderung ist &lt;b&gt;%2&lt;/b&gt;. X + P mischt den Ort selbst in q und k, also ändert das Verschieben des Satzes die Scores (vergleiche RoPE).</translation>
    </message>
    <message>
        <source>Without positions nothing moves (change %1); instead, permuting the tokens just permutes the outputs: see What if › permutation.</source>
        <translation>Ohne Positionen bewegt sich nichts (Änderung %1); stattdessen permutiert das Vertauschen der Tokens nur die Ausgaben: siehe Was wäre, wenn › Permutation.</translation>
    </message>
</context>
<context>
    <name>attn::ui::PredictionsView</name>
    <message>
        <source>Next token</source>
        <translation>Nächstes Token</translation>
    </message>
    <message>
        <source>At [MASK]</source>
        <translation>An [MASK]</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>Wahrscheinlichkeit</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>The probability without the ablations</source>
        <translation>Die Wahrscheinlichkeit ohne die Ablationen</translation>
    </message>
    <message>
        <source>Type a text above</source>
        <translation>Oben einen Text eingeben</translation>
    </message>
    <message>
        <source>No language-model head</source>
        <translation>Kein Sprachmodell-Kopf</translation>
    </message>
    <message>
        <source>Write [MASK] in the text to see what BERT puts there</source>
        <translation>Schreiben Sie [MASK] in den Text, um zu sehen, was BERT dort einsetzt</translation>
    </message>
    <message>
        <source>after %1 (token %2)</source>
        <translation>nach %1 (Token %2)</translation>
    </message>
    <message>
        <source>[MASK] at token %1</source>
        <translation>[MASK] bei Token %1</translation>
    </message>
    <message>
        <source>token id %1</source>
        <translation>Token-ID %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::Presentation</name>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>Full screen, large type, high contrast, editing panels hidden (F11 or Esc to leave)</source>
        <translation>Vollbild, große Schrift, hoher Kontrast, Bearbeitungs-Panels ausgeblendet (F11 oder Esc zum Verlassen)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;Standard</source>
        <translation>&amp;Standard</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>&amp;Hoher Kontrast</translation>
    </message>
    <message>
        <source>Next lesson &amp;step</source>
        <translation>Nächster Lektions&amp;schritt</translation>
    </message>
    <message>
        <source>Previous lesson s&amp;tep</source>
        <translation>Vorheriger Lektions&amp;schritt</translation>
    </message>
    <message>
        <source>Zoom %1%</source>
        <translation>Zoom %1 %</translation>
    </message>
    <message>
        <source>No lesson is open</source>
        <translation>Keine Lektion ist geöffnet</translation>
    </message>
</context>
<context>
    <name>attn::ui::ReadoutsModel</name>
    <message>
        <source>Every key is masked for this query: its weights are all 0.</source>
        <translation>Jeder Key ist für diese Query maskiert: ihre Gewichte sind alle 0.</translation>
    </message>
    <message>
        <source>all keys masked</source>
        <translation>alle Keys maskiert</translation>
    </message>
    <message>
        <source> (tie)</source>
        <translation> (Gleichstand)</translation>
    </message>
    <message>
        <source>Σⱼ aᵢⱼ: 1 for every query with a visible key (softmax)</source>
        <translation>Σⱼ aᵢⱼ: 1 für jede Query mit einem sichtbaren Key (Softmax)</translation>
    </message>
    <message>
        <source>−Σⱼ aᵢⱼ ln aᵢⱼ: 0 for a one-hot row, ln m for a uniform one</source>
        <translation>−Σⱼ aᵢⱼ ln aᵢⱼ: 0 für eine one-hot Zeile, ln m für eine gleichverteilte</translation>
    </message>
    <message>
        <source>−Σⱼ aᵢⱼ log₂ aᵢⱼ: 0 for a one-hot row, log₂ m for a uniform one</source>
        <translation>−Σⱼ aᵢⱼ log₂ aᵢⱼ: 0 für eine one-hot Zeile, log₂ m für eine gleichverteilte</translation>
    </message>
    <message>
        <source>exp(entropy in nats): how many keys the query effectively spreads over</source>
        <translation>exp(Entropie in nats): über wie viele Keys sich die Query effektiv verteilt</translation>
    </message>
</context>
<context>
    <name>attn::ui::ReadoutsView</name>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
    <message>
        <source>Head %1. Entropy 0: one key takes all the weight; %2 = %3 %4: uniform over all %4 keys.%5</source>
        <translation>Kopf %1. Entropie 0: ein Key bekommt das ganze Gewicht; %2 = %3 %4: gleichverteilt über alle %4 Keys.%5</translation>
    </message>
    <message>
        <source> A masked query spreads over its visible keys only.</source>
        <translation> Eine maskierte Query verteilt sich nur über ihre sichtbaren Keys.</translation>
    </message>
</context>
<context>
    <name>attn::ui::RecentFiles</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>(no recent files)</source>
        <translation>(keine zuletzt geöffneten Dateien)</translation>
    </message>
    <message>
        <source>&amp;Clear the list</source>
        <translation>Liste &amp;leeren</translation>
    </message>
</context>
<context>
    <name>attn::ui::Recomputer</name>
    <message>
        <source>not enough memory to compute attention at this size</source>
        <translation>nicht genug Speicher, um Attention in dieser Größe zu berechnen</translation>
    </message>
</context>
<context>
    <name>attn::ui::SessionController</name>
    <message>
        <source>Removed from Open Recent (no longer found): %1</source>
        <translation>Aus „Zuletzt geöffnet“ entfernt (nicht mehr gefunden): %1</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a session or reference-case JSON file</source>
        <translation>Eine Sitzung oder eine Referenzfall-JSON-Datei öffnen</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save the inputs and the view to the session file</source>
        <translation>Die Eingaben und die Ansicht in der Sitzungsdatei speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save the session to a new file</source>
        <translation>Die Sitzung in einer neuen Datei speichern</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>saving %1…</source>
        <translation>%1 wird gespeichert…</translation>
    </message>
    <message>
        <source>Could not save the session:
%1

The file on disk was not changed; your work is still open.</source>
        <translation>Die Sitzung konnte nicht gespeichert werden:
%1

Die Datei auf dem Datenträger wurde nicht verändert; Ihre Arbeit ist weiterhin geöffnet.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Could not open the file:
%1

Nothing was changed.</source>
        <translation>Die Datei konnte nicht geöffnet werden:
%1

Nichts wurde verändert.</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>“%1” no longer exists; it was removed from Open Recent.</source>
        <translation>„%1“ existiert nicht mehr; es wurde aus „Zuletzt geöffnet“ entfernt.</translation>
    </message>
    <message>
        <source>an untitled session</source>
        <translation>eine unbenannte Sitzung</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>attnviz did not close properly last time. Unsaved changes to %1 were autosaved at %2.

Restore them?</source>
        <translation>attnviz wurde letztes Mal nicht ordnungsgemäß beendet. Ungespeicherte Änderungen an %1 wurden um %2 automatisch gesichert.

Wiederherstellen?</translation>
    </message>
    <message>
        <source>Restore unsaved changes</source>
        <translation>Ungespeicherte Änderungen wiederherstellen</translation>
    </message>
    <message>
        <source>Restored the unsaved changes to %1</source>
        <translation>Die ungespeicherten Änderungen an %1 wurden wiederhergestellt</translation>
    </message>
    <message>
        <source>The autosaved changes cannot be restored:
%1</source>
        <translation>Die automatisch gesicherten Änderungen können nicht wiederhergestellt werden:
%1</translation>
    </message>
</context>
<context>
    <name>attn::ui::Shell</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>&amp;Vorlagen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Lesson</source>
        <translation>&amp;Lektion</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>%1 zeigen</translation>
    </message>
</context>
<context>
    <name>attn::ui::ShortcutsDialog</name>
    <message>
        <source>A heatmap (click it first)</source>
        <translation>Eine Heatmap (zuerst anklicken)</translation>
    </message>
    <message>
        <source>The input tables</source>
        <translation>Die Eingabetabellen</translation>
    </message>
    <message>
        <source>Interpretations panel</source>
        <translation>Interpretationen-Panel</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>Präsentationsmodus</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Select the previous / next query row</source>
        <translation>Die vorherige / nächste Query-Zeile wählen</translation>
    </message>
    <message>
        <source>Move the selected row by ten</source>
        <translation>Die gewählte Zeile um zehn verschieben</translation>
    </message>
    <message>
        <source>Select the first / last row</source>
        <translation>Die erste / letzte Zeile wählen</translation>
    </message>
    <message>
        <source>Export figure / export matrix menu</source>
        <translation>Abbildung exportieren / Menü „Matrix exportieren“</translation>
    </message>
    <message>
        <source>Zoom in / out around the middle</source>
        <translation>Um die Mitte vergrößern / verkleinern</translation>
    </message>
    <message>
        <source>Show the whole matrix again (reset zoom)</source>
        <translation>Wieder die ganze Matrix zeigen (Zoom zurücksetzen)</translation>
    </message>
    <message>
        <source>Mouse wheel</source>
        <translation>Mausrad</translation>
    </message>
    <message>
        <source>Zoom in / out around the pointer</source>
        <translation>Um den Mauszeiger vergrößern / verkleinern</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Move the part in view (when zoomed in)</source>
        <translation>Den sichtbaren Ausschnitt verschieben (vergrößert)</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>Doppelklick</translation>
    </message>
    <message>
        <source>Enlarge the heatmap</source>
        <translation>Die Heatmap vergrößern</translation>
    </message>
    <message>
        <source>Nudge the current cell by ±0.1</source>
        <translation>Die aktuelle Zelle um ±0.1 anstoßen</translation>
    </message>
    <message>
        <source>Fine step: nudge by ±0.01 (Shift with the mouse wheel too)</source>
        <translation>Feiner Schritt: um ±0.01 anstoßen (Umschalt auch mit dem Mausrad)</translation>
    </message>
    <message>
        <source>Copy the selection / paste a block at the current cell</source>
        <translation>Die Auswahl kopieren / einen Block an der aktuellen Zelle einfügen</translation>
    </message>
    <message>
        <source>Play / pause the terms</source>
        <translation>Die Terme abspielen / anhalten</translation>
    </message>
    <message>
        <source>One term back / forward</source>
        <translation>Einen Term zurück / vor</translation>
    </message>
    <message>
        <source>Play faster / slower</source>
        <translation>Schneller / langsamer abspielen</translation>
    </message>
    <message>
        <source>The first term / every term</source>
        <translation>Der erste Term / alle Terme</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Choose the reading (1 to 6: dot, row, column, outer, tiles, online softmax)</source>
        <translation>Die Lesart wählen (1 bis 6: Skalarprodukt, Zeile, Spalte, äußeres Produkt, Kacheln, Online-Softmax)</translation>
    </message>
    <message>
        <source>Switch between the scores and the output</source>
        <translation>Zwischen den Scores und der Ausgabe wechseln</translation>
    </message>
    <message>
        <source>Pick the previous / next row</source>
        <translation>Die vorherige / nächste Zeile wählen</translation>
    </message>
    <message>
        <source>Pick the previous / next column</source>
        <translation>Die vorherige / nächste Spalte wählen</translation>
    </message>
    <message>
        <source>KV cache panel</source>
        <translation>KV-Cache-Panel</translation>
    </message>
    <message>
        <source>Decode the next token</source>
        <translation>Das nächste Token dekodieren</translation>
    </message>
    <message>
        <source>Play / pause the decoding</source>
        <translation>Das Dekodieren abspielen / anhalten</translation>
    </message>
    <message>
        <source>Empty the cache</source>
        <translation>Den Cache leeren</translation>
    </message>
    <message>
        <source>Previous / next step (a presenter&apos;s clicker)</source>
        <translation>Vorheriger / nächster Schritt (der Presenter eines Vortragenden)</translation>
    </message>
    <message>
        <source>Clear the pen&apos;s strokes; without strokes, put the pen down; else leave presentation mode</source>
        <translation>Die Striche des Stifts löschen; ohne Striche den Stift ablegen; sonst den Präsentationsmodus verlassen</translation>
    </message>
    <message>
        <source>Pen: draw over the window (again: stop)</source>
        <translation>Stift: über das Fenster zeichnen (nochmals: aufhören)</translation>
    </message>
    <message>
        <source>%1 / %2 / %3</source>
        <translation>%1 / %2 / %3</translation>
    </message>
    <message>
        <source>Pen colour: red / blue / green</source>
        <translation>Stiftfarbe: rot / blau / grün</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Umschalt+Ziehen</translation>
    </message>
    <message>
        <source>Pen: a straight arrow</source>
        <translation>Stift: ein gerader Pfeil</translation>
    </message>
    <message>
        <source>Previous / next lesson step</source>
        <translation>Vorheriger / nächster Lektionsschritt</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>The menus&apos; shortcuts, then the keys each part of the window answers while it has the focus.</source>
        <translation>Die Tastenkürzel der Menüs, dann die Tasten, auf die jeder Teil des Fensters reagiert, während er den Fokus hat.</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Does</source>
        <translation>Wirkung</translation>
    </message>
</context>
<context>
    <name>attn::ui::StagesView</name>
    <message>
        <source> (head %1)</source>
        <translation> (Kopf %1)</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>key — click to mask</source>
        <translation>Key – klicken zum Maskieren</translation>
    </message>
    <message>
        <source>key ↓</source>
        <translation>Key ↓</translation>
    </message>
    <message>
        <source>query — click to mask</source>
        <translation>Query – klicken zum Maskieren</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>Aufmerksamkeitsgewichte</translation>
    </message>
</context>
<context>
    <name>attn::ui::TermsWidget</name>
    <message>
        <source>+%1 earlier</source>
        <translation>+%1 frühere</translation>
    </message>
    <message>
        <source>running sum</source>
        <translation>laufende Summe</translation>
    </message>
    <message>
        <source>to come</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>not added yet</source>
        <translation>noch nicht addiert</translation>
    </message>
    <message>
        <source>(sum of %1 terms)</source>
        <translation>(Summe von %1 Termen)</translation>
    </message>
    <message>
        <source>Σ all %1</source>
        <translation>Σ alle %1</translation>
    </message>
    <message>
        <source>✓ the sum equals it</source>
        <translation>✓ die Summe ist gleich</translation>
    </message>
    <message>
        <source>✓ equal</source>
        <translation>✓ gleich</translation>
    </message>
    <message>
        <source>still missing %1 of %2 terms</source>
        <translation>es fehlen noch %1 von %2 Termen</translation>
    </message>
    <message>
        <source>Nothing to explain yet.</source>
        <translation>Noch nichts zu erklären.</translation>
    </message>
</context>
<context>
    <name>attn::ui::TextContinuation</name>
    <message>
        <source>Type a text first: the model continues it.</source>
        <translation>Zuerst einen Text eingeben: das Modell setzt ihn fort.</translation>
    </message>
    <message>
        <source>This model does not predict a next token: there is nothing to continue.</source>
        <translation>Dieses Modell sagt kein nächstes Token vorher: es gibt nichts fortzusetzen.</translation>
    </message>
    <message>
        <source>The text fills the model&apos;s %1 positions: it cannot continue.</source>
        <translation>Der Text füllt die %1 Positionen des Modells: er kann nicht weitergehen.</translation>
    </message>
    <message>
        <source>The next token (id %1) has no text to append.</source>
        <translation>Das nächste Token (ID %1) hat keinen Text zum Anhängen.</translation>
    </message>
    <message>
        <source>The next token, id %1, cannot be written as text: %2</source>
        <translation>Das nächste Token, ID %1, lässt sich nicht als Text schreiben: %2</translation>
    </message>
    <message>
        <source>The next token (id %1) is part of a character split over several tokens: a text cannot hold it alone, so Continue stops here.</source>
        <translation>Das nächste Token (ID %1) ist Teil eines Zeichens, das sich über mehrere Tokens verteilt: ein Text kann es nicht allein enthalten, daher hält Weiter hier an.</translation>
    </message>
    <message>
        <source>the KV cache was not used</source>
        <translation>der KV-Cache wurde nicht verwendet</translation>
    </message>
</context>
<context>
    <name>attn::ui::TiledProductWidget</name>
    <message>
        <source>%1 block products in tiles of %2×%3 (inner blocks of %4): press play or →</source>
        <translation>%1 Blockprodukte in Kacheln von %2×%3 (innere Blöcke von %4): Abspielen oder → drücken</translation>
    </message>
    <message>
        <source>step %1 of %2: tile rows %3, columns %4 += %5[%3, %6]·%7[%6, %4]%8</source>
        <translation>Schritt %1 von %2: Kachel Zeilen %3, Spalten %4 += %5[%3, %6]·%7[%6, %4]%8</translation>
    </message>
    <message>
        <source> — every tile done: the grid is %1</source>
        <translation> – jede Kachel fertig: das Raster ist %1</translation>
    </message>
    <message>
        <source>Nothing to explain yet.</source>
        <translation>Noch nichts zu erklären.</translation>
    </message>
    <message>
        <source>%1 so far</source>
        <translation>%1 bisher</translation>
    </message>
</context>
<context>
    <name>attn::ui::TokenEditor</name>
    <message>
        <source>Context tokens: the keys and values come from these rows. Double-click or type to rename.</source>
        <translation>Kontext-Tokens: die Keys und Values stammen aus diesen Zeilen. Doppelklicken oder tippen zum Umbenennen.</translation>
    </message>
    <message>
        <source>Tokens: one per row of X. Double-click or type to rename.</source>
        <translation>Tokens: eines pro Zeile von X. Doppelklicken oder tippen zum Umbenennen.</translation>
    </message>
    <message>
        <source>Label not changed: %1</source>
        <translation>Bezeichnung nicht geändert: %1</translation>
    </message>
</context>
<context>
    <name>attn::ui::TokenLinksView</name>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
    <message>
        <source>all %1 heads</source>
        <translation>alle %1 Köpfe</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>%1 · %2 × %3 tokens: only the strongest %4 of the %5 lines with weight ≥ %6 are drawn</source>
        <translation>%1 · %2 × %3 Tokens: nur die stärksten %4 der %5 Linien mit Gewicht ≥ %6 werden gezeichnet</translation>
    </message>
    <message>
        <source>%1 · %2 × %3 tokens: only lines with weight ≥ %4 are drawn (%5 of %6)</source>
        <translation>%1 · %2 × %3 Tokens: nur Linien mit Gewicht ≥ %4 werden gezeichnet (%5 von %6)</translation>
    </message>
    <message>
        <source>%1 · line thickness and opacity = weight · hover a token to isolate its lines, click a query to select it</source>
        <translation>%1 · Linienstärke und Deckkraft = Gewicht · auf ein Token zeigen, um seine Linien hervorzuheben, auf eine Query klicken, um sie zu wählen</translation>
    </message>
    <message>
        <source>keys (context)</source>
        <translation>Keys (Kontext)</translation>
    </message>
</context>
<context>
    <name>attn::ui::TokenListModel</name>
    <message>
        <source>%1 %2 “%3”: double-click or type to rename</source>
        <translation>%1 %2 „%3“: doppelklicken oder tippen zum Umbenennen</translation>
    </message>
    <message>
        <source>Context token</source>
        <translation>Kontext-Token</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
</context>
<context>
    <name>attn::ui::TokenStrip</name>
    <message>
        <source>&lt;i&gt;… %1 more tokens …&lt;/i&gt;</source>
        <translation>&lt;i&gt;… %1 weitere Tokens …&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>attn::ui::Tour</name>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
</context>
<context>
    <name>attn::ui::TrainPanel</name>
    <message>
        <source>&amp;Task</source>
        <translation>&amp;Aufgabe</translation>
    </message>
    <message>
        <source>P&amp;ositions</source>
        <translation>P&amp;ositionen</translation>
    </message>
    <message>
        <source>&amp;Optimiser</source>
        <translation>&amp;Optimierer</translation>
    </message>
    <message>
        <source>&amp;Learning rate η</source>
        <translation>&amp;Lernrate η</translation>
    </message>
    <message>
        <source>The random sequences and the initial weights</source>
        <translation>Die Zufallsfolgen und die Anfangsgewichte</translation>
    </message>
    <message>
        <source>S&amp;eed</source>
        <translation>&amp;Startwert</translation>
    </message>
    <message>
        <source>Fast (200 steps a second)</source>
        <translation>Schnell (200 Schritte pro Sekunde)</translation>
    </message>
    <message>
        <source>Classroom (a step every half second)</source>
        <translation>Unterricht (ein Schritt jede halbe Sekunde)</translation>
    </message>
    <message>
        <source>How fast Play trains; remembered for the next time</source>
        <translation>Wie schnell Abspielen trainiert; wird für das nächste Mal gemerkt</translation>
    </message>
    <message>
        <source>Spee&amp;d</source>
        <translation>&amp;Tempo</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>held-out loss</source>
        <translation>Verlust (zurückgehalten)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Reset, Step or Play puts the task&apos;s sentence in the document.</source>
        <translation>Zurücksetzen, Schritt oder Abspielen setzt den Satz der Aufgabe ins Dokument.</translation>
    </message>
    <message>
        <source>step %1 — held-out loss %2, accuracy %3</source>
        <translation>Schritt %1 – Verlust (zurückgehalten) %2, Genauigkeit %3</translation>
    </message>
    <message>
        <source>Training: %1</source>
        <translation>Training: %1</translation>
    </message>
    <message>
        <source>The document is no longer the task&apos;s: Reset, Step or Play puts its sentence back.</source>
        <translation>Das Dokument ist nicht mehr das der Aufgabe: Zurücksetzen, Schritt oder Abspielen bringt ihren Satz zurück.</translation>
    </message>
</context>
<context>
    <name>attn::ui::Translations</name>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
</context>
<context>
    <name>attn::ui::VectorFormView</name>
    <message>
        <source>scaled by 1/%1, %2 = %3</source>
        <translation>skaliert mit 1/%1, %2 = %3</translation>
    </message>
    <message>
        <source> scaling switched off</source>
        <translation> Skalierung ausgeschaltet</translation>
    </message>
    <message>
        <source>temperature T = </source>
        <translation>Temperatur T = </translation>
    </message>
    <message>
        <source>column layout </source>
        <translation>Spaltenlayout </translation>
    </message>
    <message>
        <source>: vectors are columns</source>
        <translation>: Vektoren sind Spalten</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;2&apos;&gt;&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;key j&amp;nbsp;&amp;nbsp;&lt;/th&gt;&lt;th align=&apos;right&apos;&gt;</source>
        <translation>&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;2&apos;&gt;&lt;tr&gt;&lt;th align=&apos;left&apos;&gt;Key j&amp;nbsp;&amp;nbsp;&lt;/th&gt;&lt;th align=&apos;right&apos;&gt;</translation>
    </message>
    <message>
        <source>&amp;nbsp;&amp;nbsp;&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;ℓⱼ = </source>
        <translation>&amp;nbsp;&amp;nbsp;&lt;/th&gt;&lt;th align=&apos;left&apos;&gt;ℓⱼ = </translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;%1 %2&lt;/td&gt;&lt;td align=&apos;right&apos;&gt;%3&amp;nbsp;&amp;nbsp;&lt;/td&gt;&lt;td&gt;%3%4 = &lt;b&gt;%5&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;%1 %2&lt;/td&gt;&lt;td align=&apos;right&apos;&gt;%3&amp;nbsp;&amp;nbsp;&lt;/td&gt;&lt;td&gt;%3%4 = &lt;b&gt;%5&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>exp(%1)/Σ · %2 = &lt;b&gt;%3&lt;/b&gt; · %4</source>
        <translation>exp(%1)/Σ · %2 = &lt;b&gt;%3&lt;/b&gt; · %4</translation>
    </message>
    <message>
        <source>%2 · exp(%1)/Σ = %4 · &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>%2 · exp(%1)/Σ = %4 · &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;margin:2px 0 6px 0&apos;&gt;&lt;span style=&apos;color:#555&apos;&gt;%1&lt;/span&gt; &amp;nbsp;%2 = %3&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;margin:2px 0 6px 0&apos;&gt;&lt;span style=&apos;color:#555&apos;&gt;%1&lt;/span&gt; &amp;nbsp;%2 = %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;+ %1 other keys, total weight %2&lt;/i&gt; = %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;+ %1 weitere Keys, Gesamtgewicht %2&lt;/i&gt; = %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Select a query (click a row of any heatmap) to see its output written as a weighted sum of value vectors.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Wählen Sie eine Query (klicken Sie auf eine Zeile einer Heatmap), um ihre Ausgabe als gewichtete Summe von Value-Vektoren zu sehen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Output %1 %2 (“%3”)%4 as a sum of value vectors&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Ausgabe %1 %2 („%3“)%4 als Summe von Value-Vektoren&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>, head %1</source>
        <translation>, Kopf %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Query %1 is not in the last result yet.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Query %1 ist noch nicht im letzten Ergebnis.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Every key is masked for this query: no term is left, and the output %1 is zero.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Jeder Key ist für diese Query maskiert: kein Term bleibt übrig, und die Ausgabe %1 ist null.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Σ = Σₗ exp(ℓₗ) = </source>
        <translation>&lt;p&gt;Σ = Σₗ exp(ℓₗ) = </translation>
    </message>
    <message>
        <source>&lt;p style=&apos;font-size:large&apos;&gt;&lt;b&gt;o%1 = %2%3&lt;/b&gt; &amp;nbsp; (Σ weights = %4)&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;font-size:large&apos;&gt;&lt;b&gt;o%1 = %2%3&lt;/b&gt; &amp;nbsp; (Σ Gewichte = %4)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;✓ equals output %1 %2 of the result%3 (largest difference %4).&lt;/p&gt;</source>
        <translation>&lt;p&gt;✓ gleich Ausgabe %1 %2 des Ergebnisses%3 (größte Abweichung %4).&lt;/p&gt;</translation>
    </message>
    <message>
        <source> for head %1</source>
        <translation> für Kopf %1</translation>
    </message>
    <message>
        <source>causal mask: keys after the query</source>
        <translation>kausale Maske: Keys nach der Query</translation>
    </message>
    <message>
        <source>custom mask</source>
        <translation>eigene Maske</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Masked: %1 (%2). exp(−∞) = 0, so they are left out of both sums.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Maskiert: %1 (%2). exp(−∞) = 0, sie fallen also aus beiden Summen heraus.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;This is head %1&apos;s output. The final output %2.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Das ist die Ausgabe von Kopf %1. Die Endausgabe %2.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>concatenates the heads&apos; outputs and multiplies by Wo</source>
        <translation>verkettet die Ausgaben der Köpfe und multipliziert mit Wo</translation>
    </message>
    <message>
        <source>concatenates the heads&apos; outputs</source>
        <translation>verkettet die Ausgaben der Köpfe</translation>
    </message>
</context>
<context>
    <name>attn::ui::WhatIfPanel</name>
    <message>
        <source>row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <source>(a) Why divide by </source>
        <translation>(a) Warum teilen durch </translation>
    </message>
    <message>
        <source>q·k adds up d_k products, so its spread grows like %1. Without the scaling, large d_k pushes the logits far apart and the softmax saturates into near one-hot rows (and its gradients vanish). Dividing by %1 keeps the logits&apos; spread near 1.</source>
        <translation>q·k addiert d_k Produkte, seine Streuung wächst also wie %1. Ohne die Skalierung treibt ein großes d_k die Logits weit auseinander, und die Softmax sättigt zu fast one-hot Zeilen (und ihre Gradienten verschwinden). Das Teilen durch %1 hält die Streuung der Logits nahe 1.</translation>
    </message>
    <message>
        <source>&amp;Load a d_k = 512 random case (undoable)</source>
        <translation>Einen zufälligen Fall mit d_k = 512 &amp;laden (rückgängig machbar)</translation>
    </message>
    <message>
        <source>8 tokens, p = 16, d_k = 512, q and k entries of variance about 1, seed </source>
        <translation>8 Tokens, p = 16, d_k = 512, Einträge von q und k mit Varianz etwa 1, Startwert </translation>
    </message>
    <message>
        <source>(b) Adding a constant to a row of logits</source>
        <translation>(b) Eine Konstante zu einer Zeile der Logits addieren</translation>
    </message>
    <message>
        <source>softmax(ℓ + c) = softmax(ℓ): exp(ℓⱼ + c) = eᶜ·exp(ℓⱼ), and eᶜ cancels between the numerator and the sum. (It is also why the softmax may subtract the row&apos;s maximum first: exp then never overflows.)</source>
        <translation>softmax(ℓ + c) = softmax(ℓ): exp(ℓⱼ + c) = eᶜ·exp(ℓⱼ), und eᶜ kürzt sich zwischen Zähler und Summe. (Deshalb darf die Softmax auch zuerst das Maximum der Zeile abziehen: exp läuft dann nie über.)</translation>
    </message>
    <message>
        <source>Con&amp;stant c:</source>
        <translation>Kon&amp;stante c:</translation>
    </message>
    <message>
        <source>(c) Permuting the tokens</source>
        <translation>(c) Die Tokens permutieren</translation>
    </message>
    <message>
        <source>Attention has no notion of order: shuffle the tokens and the output is shuffled the same way (positions only matter through a causal mask or position encodings added to X).</source>
        <translation>Attention kennt keine Reihenfolge: mischt man die Tokens, wird die Ausgabe genauso gemischt (Positionen zählen nur über eine kausale Maske oder zu X addierte Positionskodierungen).</translation>
    </message>
    <message>
        <source>S&amp;huffle again</source>
        <translation>Neu &amp;mischen</translation>
    </message>
    <message>
        <source>(d) Wq·c and Wk/c</source>
        <translation>(d) Wq·c und Wk/c</translation>
    </message>
    <message>
        <source>q·k = (c·q)·(k/c): scaling the query projection up and the key projection down by the same factor changes Q and K but not a single score, so Wq and Wk are not identifiable separately, only their product.</source>
        <translation>q·k = (c·q)·(k/c): die Query-Projektion hoch- und die Key-Projektion um denselben Faktor herunterzuskalieren ändert Q und K, aber keinen einzigen Score; Wq und Wk sind also nicht einzeln bestimmbar, nur ihr Produkt.</translation>
    </message>
    <message>
        <source>No result yet.</source>
        <translation>Noch kein Ergebnis.</translation>
    </message>
    <message>
        <source>These inputs are large: the what-ifs (about seven forward passes) run when you press the button.</source>
        <translation>Diese Eingaben sind groß: die Was-wäre-wenn-Fälle (etwa sieben Vorwärtsdurchläufe) laufen, wenn Sie die Schaltfläche drücken.</translation>
    </message>
    <message>
        <source>&lt;i&gt;not computed yet&lt;/i&gt;</source>
        <translation>&lt;i&gt;noch nicht berechnet&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Query %1 (“%2”)%3 — select another query in any view.</source>
        <translation>Query %1 („%2“)%3 – wählen Sie eine andere Query in einer beliebigen Ansicht.</translation>
    </message>
    <message>
        <source>, head %1</source>
        <translation>, Kopf %1</translation>
    </message>
    <message>
        <source>, tie</source>
        <translation>, Gleichstand</translation>
    </message>
    <message>
        <source> (current)</source>
        <translation> (aktuell)</translation>
    </message>
    <message>
        <source>&lt;p&gt;d_k = %1, temperature %2:&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;</source>
        <translation>&lt;p&gt;d_k = %1, Temperatur %2:&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;</translation>
    </message>
    <message>
        <source>with 1/</source>
        <translation>mit 1/</translation>
    </message>
    <message>
        <source>without</source>
        <translation>ohne</translation>
    </message>
    <message>
        <source>query %1: largest weight</source>
        <translation>Query %1: größtes Gewicht</translation>
    </message>
    <message>
        <source>query %1: entropy (nats)</source>
        <translation>Query %1: Entropie (nats)</translation>
    </message>
    <message>
        <source>mean largest weight</source>
        <translation>mittleres größtes Gewicht</translation>
    </message>
    <message>
        <source>mean entropy (nats)</source>
        <translation>mittlere Entropie (nats)</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>weight after</source>
        <translation>Gewicht nachher</translation>
    </message>
    <message>
        <source>&lt;p&gt;(first %1 of %2 keys)&lt;/p&gt;</source>
        <translation>&lt;p&gt;(erste %1 von %2 Keys)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Largest difference of the weights: %1&lt;/b&gt; (rounding only)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Größte Abweichung der Gewichte: %1&lt;/b&gt; (nur Rundung)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;New order: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;Neue Reihenfolge: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>new %1</source>
        <translation>neue %1</translation>
    </message>
    <message>
        <source>token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>output %1 after</source>
        <translation>Ausgabe-%1 nachher</translation>
    </message>
    <message>
        <source>= old %1</source>
        <translation>= alte %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Largest difference between output %1 k after and output %1 π(k) before: %2&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Größte Abweichung zwischen Ausgabe %1 k nachher und Ausgabe %1 π(k) vorher: %2&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The causal mask is tied to positions (query i sees keys ≤ i), so here the outputs are not simply permuted: the difference is real.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Die kausale Maske hängt an den Positionen (Query i sieht Keys ≤ i), daher werden die Ausgaben hier nicht einfach permutiert: der Unterschied ist echt.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Positions are on: a token moved to another place gets that place&apos;s position, so the outputs are not simply permuted. Without positions attention sees a set of tokens, not a sequence; RoPE makes the scores depend on the offset m − n only (the Positions panel shifts every position to show it).&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Positionen sind eingeschaltet: ein Token, das an einen anderen Platz rückt, bekommt dessen Position, daher werden die Ausgaben nicht einfach permutiert. Ohne Positionen sieht Attention eine Menge von Tokens, keine Folge; RoPE lässt die Scores nur vom Abstand m − n abhängen (das Positionen-Panel verschiebt jede Position, um es zu zeigen).&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Cross-attention: only the queries were permuted. Permuting the context&apos;s tokens (keys and values together) changes the output by %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Cross-Attention: nur die Queries wurden permutiert. Die Kontext-Tokens (Keys und Values zusammen) zu permutieren ändert die Ausgabe um %1.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>largest change of</source>
        <translation>größte Änderung von</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>The d_k = 512 scaling demo</source>
        <translation>Die Skalierungs-Demo mit d_k = 512</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Could not open the file:
%1

Showing the worked example instead.</source>
        <translation>Die Datei konnte nicht geöffnet werden:
%1

Stattdessen wird das Rechenbeispiel gezeigt.</translation>
    </message>
    <message>
        <source>Start in presentation mode (with --screenshot, at the size of --size).</source>
        <translation>Im Präsentationsmodus starten (mit --screenshot in der Größe von --size).</translation>
    </message>
    <message>
        <source>Show the interface in &lt;language&gt; (en, de), instead of the one chosen in View › Language or else the system&apos;s.</source>
        <translation>Die Oberfläche in &lt;language&gt; (en, de) zeigen, statt in der unter Ansicht › Sprache gewählten oder sonst der des Systems.</translation>
    </message>
    <message>
        <source>unknown stage &quot;%1&quot; for --focus; one of: %2</source>
        <translation>unbekannte Stufe „%1“ für --focus; eine von: %2</translation>
    </message>
    <message>
        <source>unknown language &quot;%1&quot; for --language; one of: %2</source>
        <translation>unbekannte Sprache „%1“ für --language; eine von: %2</translation>
    </message>
    <message>
        <source>--focus %1: this file has no such heatmap (concat needs several heads or a Wo)</source>
        <translation>--focus %1: diese Datei hat keine solche Heatmap (concat braucht mehrere Köpfe oder ein Wo)</translation>
    </message>
    <message>
        <source>The text the model of --model runs on.</source>
        <translation>Der Text, auf dem das Modell von --model rechnet.</translation>
    </message>
    <message>
        <source>Could not open the model:
%1</source>
        <translation>Das Modell ließ sich nicht öffnen:
%1</translation>
    </message>
    <message>
        <source>Compare the text of --model with &lt;text&gt;: the A/B tab, both runs side by side.</source>
        <translation>Den Text von --model mit &lt;text&gt; vergleichen: der Reiter A/B, beide Läufe nebeneinander.</translation>
    </message>
    <message>
        <source>--focus %1 shows a tab of the model view: it needs --model DIR</source>
        <translation>--focus %1 zeigt einen Reiter der Modellansicht: es braucht --model DIR</translation>
    </message>
    <message>
        <source>Open the model folder &lt;dir&gt; (Hugging Face: config.json, model.safetensors and its tokenizer) or a GGUF file (llama.cpp&apos;s) and show every head of every layer.</source>
        <translation>Den Modellordner &lt;dir&gt; (Hugging Face: config.json, model.safetensors und sein Tokenizer) oder eine GGUF-Datei (von llama.cpp) öffnen und jeden Kopf jeder Schicht zeigen.</translation>
    </message>
    <message>
        <source>Show the heatmap of &lt;stage&gt; and give it the keyboard focus: %1; or heads: every head&apos;s weights at once, in the whole window; with --model: lens, circuits or compare, that tab of the model view, or value-weighted or rollout, that picture of every head.</source>
        <translation>Die Heatmap von &lt;stage&gt; zeigen und ihr den Tastaturfokus geben: %1; oder heads: die Gewichte aller Köpfe auf einmal, im ganzen Fenster; mit --model: lens, circuits oder compare, diesen Reiter der Modellansicht, oder value-weighted oder rollout, dieses Bild aller Köpfe.</translation>
    </message>
</context>
</TS>
