#include "argument_reader.hpp"

#include <cstdlib>

namespace xo::cli {

ArgumentReader::ArgumentReader(std::string command, std::vector<std::string> args)
    : command_(std::move(command)), args_(std::move(args)) {}

bool ArgumentReader::at_option() const {
  return !done() && args_[next_].size() > 1 && args_[next_][0] == '-' && args_[next_] != "--";
}

bool ArgumentReader::take_separator() {
  if (done() || args_[next_] != "--") return false;
  ++next_;
  return true;
}

std::string ArgumentReader::option_name() const {
  const std::string& arg = args_[next_];
  return arg.substr(0, arg.find('='));
}

void ArgumentReader::take_flag() {
  if (args_[next_].find('=') != std::string::npos) {
    throw UsageError(option_name() + " takes no value (see `xo " + command_ + " --help`)");
  }
  ++next_;
}

std::string ArgumentReader::take_value() {
  const std::string& arg = args_[next_];
  const auto eq = arg.find('=');
  if (eq != std::string::npos && arg.rfind("--", 0) == 0) {
    ++next_;
    return arg.substr(eq + 1);
  }
  const std::string name = arg;
  if (next_ + 1 >= args_.size()) {
    throw UsageError(name + " needs a value (see `xo " + command_ + " --help`)");
  }
  next_ += 2;
  return args_[next_ - 1];
}

long ArgumentReader::take_whole_number(long min, long max, const std::string& what) {
  const std::string name = option_name();
  const std::string text = take_value();
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < min || n > max) {
    throw UsageError(name + " " + text + ": give " + what + " from " + std::to_string(min) + " to " + std::to_string(max));
  }
  return n;
}

void ArgumentReader::take_env_setting(std::map<std::string, std::string>& environment) {
  const std::string setting = take_value();
  const auto eq = setting.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw UsageError("-e expects VAR=value (for example -e XO_EAGER_LIMIT=65536), got '" + setting + "'");
  }
  environment[setting.substr(0, eq)] = setting.substr(eq + 1);
}

std::vector<std::string> ArgumentReader::rest() {
  std::vector<std::string> remaining(args_.begin() + static_cast<std::ptrdiff_t>(next_), args_.end());
  next_ = args_.size();
  return remaining;
}

void ArgumentReader::unknown_option() const {
  throw UsageError("unknown option '" + option_name() + "' for `xo " + command_ + "`; see `xo " + command_ +
                   " --help`");
}

std::string ArgumentReader::take_ranks_per_node() {
  const std::string value = take_value();
  const bool whole = !value.empty() && value.size() < 8 && value.find_first_not_of("0123456789") == std::string::npos;
  if (!whole || std::stoi(value) < 1) {
    throw UsageError("--ranks-per-node " + value + ": give the ranks to place on each node, a whole number from 1 " +
                     "(`xo machines --show MACHINE` gives each machine's range)");
  }
  return "ranks_per_node=" + value;
}

}  // namespace xo::cli
