#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every quoted include says where its header lives.

The rule (docs/contributing.md, "Includes"):
  * a header of the including file's own folder is named bare: "Dimension.h";
  * a header of another folder is named by its path from its include root: "io/Session.h",
    "headreadings/Derivation.h" (root core/), "document/Document.h", "heatmap/HeatmapView.h" (root ui/),
    "support/TestSupport.h" (root tests/), "tools/PresetFactory.h" (the source root);
  * core's own top-level headers (the math: "Attention.h", "Limits.h") are the one exception:
    they sit at the root of core's include path, so their path from it is their bare name. No
    other header may share a name with one of them, so a bare name can never be shadowed;
  * core's folders are layers (docs/architecture.md, "The core's layers"): a file of core
    includes headers of its own folder and of folders before it in CORE_ORDER, never of one
    after it, so the folders form no loop; every folder of core is in CORE_ORDER.

Usage: check_includes.py [SOURCE_DIR]       check the tree (exit 1 and one line per problem)
       check_includes.py --self-test        prove the check fails on a bad tree
Why: with every area folder on the include path, a second Session.h anywhere would silently
change what "Session.h" means; with one include root per top folder it cannot.
"""
import os
import re
import sys
import tempfile

ROOTS = ['core', 'ui', 'tests', '.']  # the include roots, as the CMake targets give them
TOPS = ['core', 'ui', 'app', 'tools', 'bench', 'tests']
# core's folders from the bottom up ('' is core/ itself, the math); docs/architecture.md gives
# the same order and says what each holds.
CORE_ORDER = ['', 'io', 'tokenizer', 'checkpoint', 'checkpoint/families', 'transformer', 'kernels',
              'headreadings', 'networkreadings', 'training', 'lessons', 'page']
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def layer_problems(src):
    """Includes of core that go from a folder to one after it in CORE_ORDER, or from a folder
    that is not in it."""
    found = []
    core = os.path.join(src, 'core')
    for folder, _, files in os.walk(core):
        if '/build' in folder or '/.git' in folder:
            continue
        own = os.path.relpath(folder, core).replace(os.sep, '/')
        own = '' if own == '.' else own
        if own not in CORE_ORDER:
            if any(n.endswith(('.cpp', '.h')) for n in files):
                found.append(f'core/{own}/: a folder of core that CORE_ORDER does not place '
                             '(add it to tools/check_includes.py and docs/architecture.md)')
            continue
        for name in sorted(files):
            if not name.endswith(('.cpp', '.h')):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, src)
            with open(path, encoding='utf-8') as f:
                text = f.read()
            for match in INCLUDE.finditer(text):
                inc = match.group(1)
                if os.path.isfile(os.path.join(folder, inc)):
                    target = os.path.relpath(os.path.join(folder, inc), core)
                elif os.path.isfile(os.path.join(core, inc)):
                    target = inc
                else:
                    continue  # not a header of core
                to = os.path.dirname(target).replace(os.sep, '/')
                if to not in CORE_ORDER or CORE_ORDER.index(to) > CORE_ORDER.index(own):
                    line = text.count('\n', 0, match.start()) + 1
                    found.append(f'{rel}:{line}: "{inc}": core/{own or "."} may include only '
                                 f'its own folder and folders before it in CORE_ORDER, not '
                                 f'core/{to or "."}')
    return found


def problems(src):
    found = layer_problems(src)
    core_root = {f for f in os.listdir(os.path.join(src, 'core')) if f.endswith('.h')}
    for top in TOPS:
        for folder, _, files in os.walk(os.path.join(src, top)):
            if '/build' in folder or '/.git' in folder:
                continue
            for name in sorted(files):
                if not name.endswith(('.cpp', '.h')):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, src)
                if name in core_root and os.path.dirname(rel) != 'core':
                    found.append(f'{rel}: has the name of core/{name}, so a bare "{name}" '
                                 'next to it would no longer mean core\'s header')
                with open(path, encoding='utf-8') as f:
                    text = f.read()
                for match in INCLUDE.finditer(text):
                    inc = match.group(1)
                    line = text.count('\n', 0, match.start()) + 1
                    if inc.endswith('.moc') or os.path.basename(inc).startswith('ui_'):
                        continue  # generated by moc and uic into the build folder
                    if '..' in inc.split('/'):
                        found.append(f'{rel}:{line}: "{inc}" climbs out of its folder; name '
                                     'the header by its path from its root')
                        continue
                    if os.path.isfile(os.path.join(folder, inc)):
                        continue  # the including file's own folder (or a subfolder of it)
                    roots = [r for r in ROOTS if os.path.isfile(os.path.join(src, r, inc))]
                    if '/' in inc and len(roots) == 1:
                        continue
                    if '/' not in inc and roots == ['core']:
                        continue  # core's top-level headers
                    owner = [os.path.relpath(os.path.join(d, inc2), src)
                             for top2 in TOPS
                             for d, _, fs in os.walk(os.path.join(src, top2))
                             for inc2 in fs if inc2 == os.path.basename(inc)]
                    hint = f' (it lives in {owner[0]})' if len(owner) == 1 else ''
                    if len(roots) > 1:
                        found.append(f'{rel}:{line}: "{inc}" could mean {len(roots)} headers')
                    else:
                        found.append(f'{rel}:{line}: "{inc}" names a header of another folder '
                                     f'without its folder{hint}')
    return found


def self_test():
    with tempfile.TemporaryDirectory() as src:
        def write(rel, text=''):
            os.makedirs(os.path.dirname(os.path.join(src, rel)), exist_ok=True)
            with open(os.path.join(src, rel), 'w', encoding='utf-8') as f:
                f.write(text)
        write('core/Attention.h')
        write('core/io/Session.h', '#include "Attention.h"\n')
        write('core/transformer/Run.h', '#include "Attention.h"\n#include "io/Session.h"\n')
        write('ui/document/Document.h', '#include "Attention.h"\n#include "io/Session.h"\n')
        write('ui/session/Good.cpp', '#include "document/Document.h"\n#include "Good.h"\n'
              '#include "Good.moc"\n')
        write('ui/session/Good.h')
        assert problems(src) == [], problems(src)
        write('ui/session/Bad.cpp', '#include "Good.h"\n#include "Session.h"\n'
              '#include "../model/Document.h"\n')
        write('ui/insights/Attention.h')
        # A back edge of core's layers (io below transformer), one from core/ itself, and a
        # folder the order does not place.
        write('core/io/Page.cpp', '#include "Session.h"\n#include "transformer/Run.h"\n')
        write('core/Trainer.cpp', '#include "io/Session.h"\n')
        write('core/extra/Extra.h', '#include "Attention.h"\n')
        found = problems(src)
        expected = ['Session.h" names a header of another folder', 'climbs out',
                    'has the name of core/Attention.h',
                    'core/io/Page.cpp:2: "transformer/Run.h": core/io may include only',
                    'core/Trainer.cpp:1: "io/Session.h": core/. may include only',
                    'core/extra/: a folder of core that CORE_ORDER does not place']
        for text in expected:
            assert any(text in p for p in found), (text, found)
        assert len(found) == 6, found
    print('check_includes self-test: the check passes a good tree and flags 6 of 6 problems')
    return 0


def main():
    if sys.argv[1:] == ['--self-test']:
        return self_test()
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    found = problems(os.path.abspath(src))
    for p in found:
        print(p)
    if found:
        print(f'{len(found)} include(s) do not say where their header lives or go against '
              'the order of core\'s folders (docs/contributing.md, "Includes")')
        return 1
    print('every quoted include names its folder, and core\'s folders include only those '
          'before them')
    return 0


if __name__ == '__main__':
    sys.exit(main())
