// xo gui: starts xo-gui, the Qt GUI built beside xo, so that xo itself never links Qt.

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "commands.hpp"

namespace xo::cli {

int command_gui(const std::vector<std::string>& args) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  const fs::path gui = (error ? fs::path(".") : self.parent_path()) / "xo-gui";
  if (!fs::exists(gui, error)) {
    throw std::runtime_error("the GUI is not built: no " + gui.string() +
                             "; build it with `ninja -C build xo-gui` (it needs Qt 6: qt6-base-dev, qt6-charts-dev)");
  }
  std::vector<std::string> words = {gui.string()};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  execv(argv[0], argv.data());
  throw std::runtime_error("cannot start " + gui.string() + ": " + std::strerror(errno));
}

}  // namespace xo::cli
