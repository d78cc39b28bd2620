#pragma once
// The error classes and codes a rank added with MPI_Add_error_class / MPI_Add_error_code, and the
// strings MPI_Add_error_string gave them. Added values continue after MPI_ERR_LASTCODE in one
// number space (a class is also a code of itself), so MPI_LASTUSEDCODE is the largest of them.

#include <mpi.h>

#include <string>
#include <vector>

namespace xo::mpi {

class ErrorRegistry {
 public:
  int add_class();
  // Throws MpiError(MPI_ERR_ARG) if `error_class` is not a class (predefined or added).
  int add_code(int error_class);
  // Throws MpiError(MPI_ERR_ARG) for a predefined code (its string is fixed) or an unknown one.
  void set_string(int code, std::string text);

  bool is_code(int code) const;
  // Throws MpiError(MPI_ERR_ARG) naming the code if it is neither predefined nor added.
  int class_of(int code) const;
  // "MPI_ERR_RANK: invalid rank" for predefined codes; the added string (empty if none) otherwise.
  std::string text(int code) const;

  // The value behind the MPI_LASTUSEDCODE attribute: MPI_Comm_get_attr hands out its address.
  int* last_used() { return &last_used_; }

 private:
  struct Added {
    int error_class;
    std::string text;
  };
  const Added* find(int code) const;

  std::vector<Added> added_;  // index = code - MPI_ERR_LASTCODE - 1
  int last_used_ = MPI_ERR_LASTCODE;
};

}  // namespace xo::mpi
