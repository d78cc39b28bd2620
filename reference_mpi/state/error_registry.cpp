#include "xo/mpi/state/error_registry.hpp"

#include "xo/mpi/state/error_text.hpp"
#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

const ErrorRegistry::Added* ErrorRegistry::find(int code) const {
  if (code <= MPI_ERR_LASTCODE || code > last_used_) return nullptr;
  return &added_[static_cast<std::size_t>(code - MPI_ERR_LASTCODE - 1)];
}

int ErrorRegistry::add_class() {
  ++last_used_;
  added_.push_back({last_used_, {}});
  return last_used_;
}

int ErrorRegistry::add_code(int error_class) {
  const Added* added = find(error_class);
  const bool is_class = (error_class >= MPI_SUCCESS && error_class <= MPI_ERR_LASTCODE) ||
                        (added != nullptr && added->error_class == error_class);
  if (!is_class) {
    throw MpiError(MPI_ERR_ARG, std::to_string(error_class) +
                                    " is not an error class; pass a predefined class or one from MPI_Add_error_class");
  }
  ++last_used_;
  added_.push_back({error_class, {}});
  return last_used_;
}

void ErrorRegistry::set_string(int code, std::string text) {
  if (code >= MPI_SUCCESS && code <= MPI_ERR_LASTCODE) {
    throw MpiError(MPI_ERR_ARG, "error code " + std::to_string(code) +
                                    " is predefined and its string cannot change; add a code with "
                                    "MPI_Add_error_code and set its string instead");
  }
  if (find(code) == nullptr) {
    throw MpiError(MPI_ERR_ARG, "error code " + std::to_string(code) +
                                    " was not added by MPI_Add_error_class or MPI_Add_error_code");
  }
  added_[static_cast<std::size_t>(code - MPI_ERR_LASTCODE - 1)].text = std::move(text);
}

bool ErrorRegistry::is_code(int code) const {
  return (code >= MPI_SUCCESS && code <= MPI_ERR_LASTCODE) || find(code) != nullptr;
}

int ErrorRegistry::class_of(int code) const {
  if (code >= MPI_SUCCESS && code <= MPI_ERR_LASTCODE) return code;  // predefined codes are their classes
  if (const Added* added = find(code)) return added->error_class;
  throw MpiError(MPI_ERR_ARG, "error code " + std::to_string(code) +
                                  " is not an MPI error code (predefined codes run from MPI_SUCCESS to "
                                  "MPI_ERR_LASTCODE = " +
                                  std::to_string(MPI_ERR_LASTCODE) +
                                  "; others come from MPI_Add_error_class or MPI_Add_error_code)");
}

std::string ErrorRegistry::text(int code) const {
  if (const Added* added = find(code)) return added->text;
  class_of(code);  // throws for an unknown code
  return std::string(error_class_name(code)) + ": " + error_class_description(code);
}

}  // namespace xo::mpi
