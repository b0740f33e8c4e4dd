// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

// attnviz-cli --help: the commands and options, with the --stage names of the stage table.
std::string cliHelp();
