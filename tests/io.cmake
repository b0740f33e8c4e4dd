# Matrix import/export (CSV/TSV, .npy, .npz with the built-in DEFLATE decoder, LaTeX, NumPy
# literal) and attnviz-cli export. Fixtures: data/import (written by make_fixtures.py there).
attnviz_add_test(test_matrixio SOURCES test_matrixio.cpp IoSupport.h LIBS attnviz_core)
attnviz_add_test(test_importrobustness SOURCES test_importrobustness.cpp IoSupport.h
  LIBS attnviz_core)
attnviz_add_test(test_inflate SOURCES test_inflate.cpp IoSupport.h LIBS attnviz_core)
attnviz_add_test(test_matrixexport SOURCES test_matrixexport.cpp IoSupport.h TestSupport.h
  LIBS attnviz_core)
if(TARGET attnviz-cli)
  attnviz_add_test(test_cli_export SOURCES test_cli_export.cpp CliSupport.h IoSupport.h
    TestSupport.h LIBS attnviz_core)
endif()
