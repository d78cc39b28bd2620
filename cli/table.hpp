#pragma once
// Prints rows as columns padded to their widest cell, indented by two spaces.

#include <cstdio>
#include <string>
#include <vector>

namespace xo::cli {

void print_table(const std::vector<std::vector<std::string>>& rows, std::FILE* out = stdout);

}  // namespace xo::cli
