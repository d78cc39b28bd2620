#include "unknown_env.hpp"

#include <vector>

#include "argument_reader.hpp"
#include "nearest_names.hpp"

namespace xo::cli {

void refuse_unknown_env(const hw::Machine& machine, const std::string& machine_name,
                        const std::map<std::string, std::string>& environment, bool program_runs) {
  for (const auto& [name, value] : environment) {
    if (machine.find_env_var(name) != nullptr) continue;
    std::vector<std::string> known;
    for (const hw::EnvVar& var : machine.env_vars()) known.push_back(var.name);
    const std::vector<std::string> near = nearest_names(name, known);
    std::string message =
        "-e " + name + "=" + value + ": the " + machine_name + " machine's MPI reads no variable " + name + ";";
    if (!near.empty()) {
      message += " did you mean";
      for (std::size_t i = 0; i < near.size(); ++i)
        message += (i == 0 ? " " : i + 1 == near.size() ? " or " : ", ") + near[i];
      message += "?";
    }
    message += " `xo machines --show " + machine_name + "` lists the variables it reads";
    if (program_runs) message += "; for a variable the program itself reads, add --allow-unknown-env";
    throw UsageError(message);
  }
}

}  // namespace xo::cli
