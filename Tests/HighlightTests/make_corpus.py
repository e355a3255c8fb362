#!/usr/bin/python3
"""Copies the differential test's corpus into Corpus/ from a Debian bookworm machine.

Run once, from the repository root, to rebuild Tests/HighlightTests/Corpus (committed, so a
fresh clone tests the same text): each entry is (language id, source path, licence), and
Corpus/MANIFEST.tsv lists language, file and origin for the test and the README.
"""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "Corpus")
ROOT = os.path.dirname(os.path.dirname(HERE))
PY = "/usr/lib/python3.11/"

SOURCES = [
    ("python3", PY + "textwrap.py", "PSF-2.0 (python3.11)"),
    ("python3", PY + "shlex.py", "PSF-2.0 (python3.11)"),
    ("python3", PY + "dataclasses.py", "PSF-2.0 (python3.11)"),
    ("c", "/usr/share/doc/zlib1g-dev/examples/gzjoin.c", "Zlib (zlib1g-dev)"),
    ("c", "/usr/share/doc/zlib1g-dev/examples/minigzip.c", "Zlib (zlib1g-dev)"),
    ("chdr", "/usr/include/yaml.h", "MIT (libyaml-dev)"),
    ("chdr", "/usr/include/zlib.h", "Zlib (zlib1g-dev)"),
    ("cpp", "/usr/include/c++/12/ext/pb_ds/detail/rc_binomial_heap_/rc.hpp", "GPL-3 with GCC runtime exception, HP/IBM permissive notice (libstdc++-12-dev)"),
    ("cpp", "/usr/include/c++/12/ext/pb_ds/detail/rc_binomial_heap_/rc_binomial_heap_.hpp", "GPL-3 with GCC runtime exception, HP/IBM permissive notice (libstdc++-12-dev)"),
    ("perl", "/usr/share/perl/5.36/Text/Balanced.pm", "Artistic or GPL-1+ (perl-modules-5.36)"),
    ("perl", "/usr/share/perl/5.36/Text/Wrap.pm", "Artistic or GPL-1+ (perl-modules-5.36)"),
    ("sh", "/usr/lib/tclConfig.sh", "Tcl/Tk licence, BSD-style (tcl8.6-dev)"),
    ("sh", PY + "venv/scripts/common/activate", "PSF-2.0 (python3.11)"),
    ("js", "/usr/share/javascript/sphinxdoc/1.0/searchtools.js", "BSD-2-Clause (libjs-sphinxdoc)"),
    ("js", "/usr/share/doc/nodejs/api/assets/api.js", "MIT (nodejs-doc)"),
    ("css", "/usr/share/doc/nodejs/api/assets/style.css", "MIT (nodejs-doc)"),
    ("css", "/usr/share/doc/libexpat1-dev/expat.html/style.css", "MIT (libexpat1-dev)"),
    ("html", "/usr/share/doc/libexpat1-dev/expat.html/reference.html", "MIT (libexpat1-dev)"),
    ("json", "/usr/lib/google-cloud-sdk/platform/gsutil/third_party/apitools/apitools/gen/testdata/dns/dns_v1.json", "Apache-2.0 (google-cloud-sdk)"),
    ("yaml", "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/schemas/compute/beta/UrlMap.yaml", "Apache-2.0 (google-cloud-sdk)"),
    ("yaml", "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/schemas/compute/beta/Backend.yaml", "Apache-2.0 (google-cloud-sdk)"),
    ("xml", "/usr/share/fontconfig/conf.avail/10-autohint.conf", "MIT (fontconfig-config)"),
    ("xml", "/usr/share/fontconfig/conf.avail/05-reset-dirs-sample.conf", "MIT (fontconfig-config)"),
    ("xslt", "/usr/share/sgml/X11/xorg.xsl", "MIT (xorg-sgml-doctools)"),
    ("sql", "/usr/share/postgresql/15/extension/seg--1.1.sql", "PostgreSQL licence (postgresql-15)"),
    ("sql", "/usr/share/postgresql/15/system_functions.sql", "PostgreSQL licence (postgresql-15)"),
    ("tcl", "/usr/share/tcltk/tk8.6/listbox.tcl", "Tcl/Tk licence, BSD-style (tk8.6)"),
    ("tcl", "/usr/share/tcltk/tk8.6/button.tcl", "Tcl/Tk licence, BSD-style (tk8.6)"),
    ("cmake", "/usr/lib/llvm-14/lib/cmake/llvm/TableGen.cmake", "Apache-2.0 with LLVM exception (llvm-14-dev)"),
    ("cmake", "/usr/lib/llvm-14/lib/cmake/llvm/CheckAtomic.cmake", "Apache-2.0 with LLVM exception (llvm-14-dev)"),
    ("toml", "/usr/lib/google-cloud-sdk/platform/gsutil/third_party/urllib3/pyproject.toml", "MIT (urllib3 in google-cloud-sdk)"),
    ("toml", "/usr/lib/node_modules/npm/node_modules/node-gyp/gyp/pyproject.toml", "BSD-3-Clause (node-gyp in npm)"),
    ("go", "/usr/share/doc/git/contrib/persistent-https/client.go", "Apache-2.0 (git contrib)"),
    ("go", "/usr/share/doc/git/contrib/persistent-https/proxy.go", "Apache-2.0 (git contrib)"),
    ("awk", "/usr/share/doc/lsof/examples/list_fields.awk", "lsof licence, BSD-style (lsof)"),
    ("awk", "/usr/share/doc/lsof/examples/xusers.awk", "lsof licence, BSD-style (lsof)"),
    ("desktop", "/usr/share/applications/chromium.desktop", "BSD-3-Clause (chromium)"),
    ("m4", "/usr/share/aclocal/libxml2.m4", "MIT (libxml2-dev)"),
    ("m4", "/usr/share/aclocal/libxslt.m4", "MIT (libxslt1-dev)"),
    ("pkgconfig", "/usr/lib/x86_64-linux-gnu/pkgconfig/libpcre2-8.pc", "BSD-3-Clause (libpcre2-dev)"),
    ("pkgconfig", "/usr/lib/x86_64-linux-gnu/pkgconfig/expat.pc", "MIT (libexpat1-dev)"),
    ("swift", ROOT + "/Sources/Mustache/MustacheScanner.swift", "this project"),
    ("swift", ROOT + "/Sources/Diagnostics/Diagnostic.swift", "this project"),
    ("swift", ROOT + "/Sources/Highlight/HighlightRun+Children.swift", "this project"),
    ("markdown", ROOT + "/README.md", "this project"),
    ("makefile", ROOT + "/Makefile", "this project"),
    ("python3", ROOT + "/scripts/benchmark.py", "this project"),
    ("python3", PY + "argparse.py", "PSF-2.0 (python3.11)"),
    ("perl", "/usr/share/perl/5.36/Text/ParseWords.pm", "Artistic or GPL-1+ (perl-modules-5.36)"),
    ("c", "/usr/share/doc/zlib1g-dev/examples/fitblk.c", "Zlib (zlib1g-dev)"),
    ("chdr", "/usr/include/pcre2.h", "BSD-3-Clause (libpcre2-dev)"),
    ("css", "/usr/share/doc/libexpat1-dev/expat.html/ok.min.css", "MIT (libexpat1-dev)"),
    ("json", "/usr/lib/google-cloud-sdk/platform/gsutil/third_party/apitools/apitools/gen/testdata/dns/dns_2015-08-07-preview.json", "Apache-2.0 (google-cloud-sdk)"),
    ("yaml", "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/schemas/compute/beta/BackendServiceCdnPolicy.yaml", "Apache-2.0 (google-cloud-sdk)"),
    ("ini", "/usr/lib/google-cloud-sdk/platform/google_appengine/google/appengine/tools/java/jetty94/jetty-home/start.ini", "Apache-2.0 or EPL-1.0 (Eclipse Jetty in google-cloud-sdk)"),
    ("swift", ROOT + "/Sources/Mustache/MustacheRenderer.swift", "this project"),
    ("swift", ROOT + "/Sources/Diagnostics/DiagnosticFormatter.swift", "this project"),
    ("swift", ROOT + "/Sources/Highlight/LanguageLoader+Contexts.swift", "this project"),
    ("js", ROOT + "/Tests/SitegenCoreTests/Fixtures/rtl/expected/assets/sitegen.js", "this project"),
    ("css", ROOT + "/Tests/SitegenCoreTests/Fixtures/rtl/expected/assets/sitegen.css", "this project"),
    ("python3", ROOT + "/Tests/Browser/conftest.py", "this project"),
    ("typescript", "/usr/lib/node_modules/npm/node_modules/glob/dist/esm/glob.d.ts", "ISC (glob in npm)"),
    ("js", "/usr/lib/node_modules/npm/node_modules/tar/node_modules/minipass/index.mjs", "ISC (minipass in npm)"),
    ("php", "/usr/lib/google-cloud-sdk/platform/google_appengine/php/sdk/google/appengine/runtime/proto/Encoder.php", "Apache-2.0 (google-cloud-sdk)"),
    ("rust", "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/error_codes/main.rs", "MIT or Apache-2.0 (the Rust toolchain's documentation)"),
    ("latex", "/usr/lib/google-cloud-sdk/platform/gsutil/third_party/httplib2/libhttplib2.tex", "MIT (httplib2 in google-cloud-sdk)"),
]


def main():
    shutil.rmtree(CORPUS, ignore_errors=True)
    os.makedirs(CORPUS)
    rows = []
    for language, source, licence in SOURCES:
        name = "%s--%s" % (language, os.path.basename(source))
        shutil.copyfile(source, os.path.join(CORPUS, name))
        origin = os.path.relpath(source, ROOT) if source.startswith(ROOT) else source
        rows.append((language, name, origin, licence))
    diff = subprocess.run(["git", "-C", ROOT, "log", "-p", "-n", "12", "--format=", "--", "Sources/Mustache", "Makefile"],
                          check=True, capture_output=True, text=True).stdout
    with open(os.path.join(CORPUS, "diff--history.diff"), "w", encoding="utf-8") as handle:
        handle.write(diff[:120_000])
    rows.append(("diff", "diff--history.diff", "git log -p of this project", "this project"))
    for name in sorted(os.listdir(os.path.join(HERE, "Tutorial"))):
        language = name.split("--")[0]
        shutil.copyfile(os.path.join(HERE, "Tutorial", name), os.path.join(CORPUS, name))
        rows.append((language, name, "Tests/HighlightTests/Tutorial/" + name, "this project"))
    with open(os.path.join(CORPUS, "MANIFEST.tsv"), "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write("\t".join(row) + "\n")
    with open(os.path.join(CORPUS, "README.md"), "w", encoding="utf-8") as handle:
        handle.write("# The highlighting corpus\n\n"
                     "Text for `DifferentialTests`, which highlights each file with sitegen's engine and with\n"
                     "GtkSourceView 5 (`../oracle.py`) and compares every character's `def:` style. Copied from a\n"
                     "Debian bookworm machine by `../make_corpus.py` (run it to rebuild this folder); each file\n"
                     "keeps its own licence, named below with the Debian package it came from.\n\n"
                     "| Language | File | Origin | Licence |\n|---|---|---|---|\n")
        for row in rows:
            handle.write("| %s | %s | `%s` | %s |\n" % row)
    total = sum(os.path.getsize(os.path.join(CORPUS, row[1])) for row in rows)
    print("%d files, %d languages, %d bytes" % (len(rows), len({row[0] for row in rows}), total), file=sys.stderr)


if __name__ == "__main__":
    main()
