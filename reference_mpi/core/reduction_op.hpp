#pragma once
// An MPI reduction operation: one of the predefined ones (MPI_MAX .. MPI_MINLOC) or a user function
// from MPI_Op_create. Operations combine vectors held in packed form, as the collective
// algorithms keep them; `in` is always the left operand (MPI: inoutvec = invec op inoutvec).

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "datatype.hpp"

namespace xo::mpi {

class ReductionOp {
 public:
  // The predefined operation behind a handle, or nullptr.
  static const ReductionOp* predefined(MPI_Op handle);
  static ReductionOp user(MPI_User_function* function, bool commutative);

  bool commutative() const { return commutative_; }
  std::string name() const;
  // Throws MpiError(MPI_ERR_OP) if a predefined operation is not defined on `type`'s elements.
  void check(const Datatype& type) const;
  // inout[i] = in[i] op inout[i] for `count` instances of `type`, both packed.
  void apply(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
             MPI_Datatype handle) const;

 private:
  ReductionOp(MPI_Op handle, MPI_User_function* function, bool commutative)
      : handle_(handle), function_(function), commutative_(commutative) {}
  void apply_user(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
                  MPI_Datatype handle) const;

  MPI_Op handle_;                 // predefined: MPI_MAX ..; user: 0
  MPI_User_function* function_;   // user operations only
  bool commutative_;
};

}  // namespace xo::mpi
