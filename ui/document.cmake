# The document model, its undo commands, the recompute service and the input editors.
list(APPEND ATTNVIZ_UI_DOCUMENT_SOURCES
  CompactTableView.cpp CompactTableView.h
  ControlsPanel.cpp ControlsPanel.h
  Dimension.cpp Dimension.h
  Document.cpp Document.h
  DocumentChange.h
  DocumentCommands.cpp DocumentCommands.h
  Initializer.cpp Initializer.h
  InputsPanel.cpp InputsPanel.h
  MatrixEditor.cpp MatrixEditor.h
  MatrixId.cpp MatrixId.h
  MatrixTableModel.cpp MatrixTableModel.h
  NumberDelegate.cpp NumberDelegate.h
  NumberFormat.cpp NumberFormat.h
  Presets.cpp Presets.h
  Recomputer.cpp Recomputer.h
  TokenEditor.cpp TokenEditor.h
  TokenListModel.cpp TokenListModel.h
)
