# The Interpretations view: dot, row, column and outer-product readings of QKᵀ and A·V.
list(APPEND ATTNVIZ_UI_WINDOW_SOURCES
  InterpretationHighlights.cpp InterpretationHighlights.h
  InterpretationTerms.cpp InterpretationTerms.h
  InterpretationsControls.cpp InterpretationsControls.h
  InterpretationsInstall.cpp
  InterpretationsView.cpp InterpretationsView.h
  InterpretedProduct.cpp InterpretedProduct.h
  MatrixPaint.cpp MatrixPaint.h
  OuterProductWidget.cpp OuterProductWidget.h
  OuterSteps.cpp OuterSteps.h
  TermAnimator.cpp TermAnimator.h
  TermsWidget.cpp TermsWidget.h
)
