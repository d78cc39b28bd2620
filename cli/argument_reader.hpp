#pragma once
// Reads a sub-command's arguments: options as `--name value`, `--name=value` or `-n value`,
// then the first non-option (or everything after `--`) as the rest.

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace xo::cli {

// A user error on the command line; main prints it as "xo: <what>" and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

class ArgumentReader {
 public:
  ArgumentReader(std::string command, std::vector<std::string> args);

  bool done() const { return next_ >= args_.size(); }
  // True if the next argument is an option (starts with '-' and is not "--").
  bool at_option() const;
  // Consumes "--" if it is next; returns whether it did.
  bool take_separator();
  // The option's name ("--machine" from "--machine=x"), without consuming it.
  std::string option_name() const;
  // Consumes a flag with no value.
  void take_flag();
  // Consumes an option and its value (inline after '=' or the next argument); UsageError if the
  // value is missing or empty, or if the option (by its long name) was given before with another
  // value.
  std::string take_value();
  // Consumes an option whose value is a whole number from `min` to `max`; UsageError otherwise,
  // "--top abc: give a number of rows from 1 to 100000" for `what` "a number of rows".
  long take_whole_number(long min, long max, const std::string& what);
  // Consumes `-e VAR=value` and records it in `environment`; UsageError if it is not VAR=value.
  void take_env_setting(std::map<std::string, std::string>& environment);
  // Consumes `--param NAME=value` and appends it to `params`; UsageError if NAME is set there
  // already to another value.
  void take_param(std::vector<std::string>& params);
  // Consumes `--ranks-per-node N` (aprun's -N) and appends it to `params` as the machine parameter
  // assignment "ranks_per_node=N"; UsageError if N is not a whole number from 1, or if
  // ranks_per_node is set there already to another value.
  void take_ranks_per_node(std::vector<std::string>& params);
  // Consumes the next argument, whatever it is (an operand between options).
  std::string take_operand() { return args_[next_++]; }
  // Everything not yet consumed.
  std::vector<std::string> rest();
  [[noreturn]] void unknown_option() const;

 private:
  static void add_param(std::vector<std::string>& params, const std::string& assignment, const char* option);
  // take_value without the once-only check, for the options that may be repeated.
  std::string take_repeatable_value();

  std::string command_;
  std::vector<std::string> args_;
  std::size_t next_ = 0;
  std::map<std::string, std::string> values_;  // by long option name, the value taken
};

}  // namespace xo::cli
