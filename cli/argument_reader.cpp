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

namespace {

// The long name an option's short one stands for, so that `-o a --output b` counts as given twice.
std::string long_name(const std::string& name) {
  static const std::map<std::string, std::string> kLong = {
      {"-e", "--env"},    {"-f", "--format"}, {"-m", "--machine"}, {"-n", "--ranks"}, {"-N", "--ranks-per-node"},
      {"-o", "--output"}, {"-p", "--param"},
  };
  const auto it = kLong.find(name);
  return it == kLong.end() ? name : it->second;
}

}  // namespace

// An option with one value given twice with two values: the command would take one and drop the
// other without a word (`-o a -o b`). The repeatable ones (-e, --param) check their settings
// themselves.
std::string ArgumentReader::take_value() {
  const std::string name = option_name();
  std::string value = take_repeatable_value();
  const auto [at, added] = values_.emplace(long_name(name), value);
  if (!added && at->second != value) {
    throw UsageError(name + " is given twice, as " + at->second + " and as " + value + ": give it once");
  }
  return value;
}

std::string ArgumentReader::take_repeatable_value() {
  const std::string& arg = args_[next_];
  const auto eq = arg.find('=');
  std::string name = arg;
  std::string value;
  if (eq != std::string::npos && arg.rfind("--", 0) == 0) {
    name = arg.substr(0, eq);
    value = arg.substr(eq + 1);
    ++next_;
  } else if (next_ + 1 >= args_.size()) {
    throw UsageError(name + " needs a value (see `xo " + command_ + " --help`)");
  } else {
    value = args_[next_ + 1];
    next_ += 2;
  }
  // No option takes an empty value: `-o ''` (an unset shell variable, say) must not mean the default.
  if (value.empty()) throw UsageError(name + " needs a value, not an empty one (see `xo " + command_ + " --help`)");
  return value;
}

long ArgumentReader::take_whole_number(long min, long max, const std::string& what) {
  const std::string name = option_name();
  const std::string text = take_value();
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < min || n > max) {
    throw UsageError(name + " " + text + ": give " + what + " from " + std::to_string(min) + " to " +
                     std::to_string(max));
  }
  return n;
}

void ArgumentReader::take_env_setting(std::map<std::string, std::string>& environment) {
  const std::string setting = take_repeatable_value();
  const auto eq = setting.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw UsageError("-e expects VAR=value (for example -e XO_EAGER_LIMIT=65536), got '" + setting + "'");
  }
  const std::string name = setting.substr(0, eq);
  const std::string value = setting.substr(eq + 1);
  const auto [at, added] = environment.emplace(name, value);
  if (!added && at->second != value) {
    throw UsageError("-e " + name + " is given twice, as " + at->second + " and as " + value + ": give it once");
  }
}

void ArgumentReader::take_param(std::vector<std::string>& params) {
  add_param(params, take_repeatable_value(), "--param");
}

void ArgumentReader::take_ranks_per_node(std::vector<std::string>& params) {
  const std::string value = take_repeatable_value();
  const bool whole = !value.empty() && value.size() < 8 && value.find_first_not_of("0123456789") == std::string::npos;
  if (!whole || std::stoi(value) < 1) {
    throw UsageError("--ranks-per-node " + value + ": give the ranks to place on each node, a whole number from 1 " +
                     "(`xo machines --show MACHINE` gives each machine's range)");
  }
  add_param(params, "ranks_per_node=" + value, "--ranks-per-node");
}

// A parameter set twice to different values is refused, whichever option set it: the machine
// would take the last, and the first would be ignored without a word.
void ArgumentReader::add_param(std::vector<std::string>& params, const std::string& assignment, const char* option) {
  const std::string name = assignment.substr(0, assignment.find('='));
  for (const std::string& earlier : params) {
    if (earlier.substr(0, earlier.find('=')) == name && earlier != assignment) {
      throw UsageError(std::string(option) + " " + assignment + ": " + name + " is set already (" + earlier +
                       "); give each parameter once");
    }
  }
  params.push_back(assignment);
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

}  // namespace xo::cli
