#pragma once
// The tests' one scratch directory: a directory of its own under the temporary directory, removed
// with its contents when the test is done (permissions a test took away are given back first, so
// that it can be removed).

#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace xo::test {

class ScratchDir {
 public:
  // `prefix` names the directory ("/tmp/xo-history-test-Ab3xYz"), to tell whose a leftover is.
  explicit ScratchDir(const std::string& prefix = "xo-test") {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot make a directory like " + pattern);
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             path_, std::filesystem::directory_options::skip_permission_denied, ignored)) {
      if (entry.is_directory(ignored))
        std::filesystem::permissions(entry.path(), std::filesystem::perms::owner_all, ignored);
    }
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, ignored);
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::string& path() const { return path_; }
  // The path of `name` in it.
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace xo::test
