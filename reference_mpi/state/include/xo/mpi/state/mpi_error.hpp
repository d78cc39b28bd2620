#pragma once
// A user-caused MPI error (bad argument, truncation, ...). API functions throw it; api_call()
// turns it into the communicator's error-handler behaviour. Programmer bugs use assert instead.

#include <stdexcept>
#include <string>

namespace xo::mpi {

class MpiError : public std::runtime_error {
 public:
  MpiError(int error_class, const std::string& reason) : std::runtime_error(reason), error_class_(error_class) {}
  int error_class() const { return error_class_; }

 private:
  int error_class_;
};

}  // namespace xo::mpi
