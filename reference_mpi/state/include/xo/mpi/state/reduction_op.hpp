#pragma once
// An MPI reduction operation (MPI_Op): one of the twelve predefined operations or a user function
// from MPI_Op_create. It combines data in packed form, the form collectives move it in, so one
// code path serves basic and derived datatypes alike.
//
// Predefined operations apply elementwise to the basic elements of the type map, which must all be
// of one basic type (MPI_MAXLOC/MPI_MINLOC: a sequence of (value, index) pairs of one value type,
// with an int index, or for MPI_2INTEGER, MPI_2REAL and MPI_2DOUBLE_PRECISION one of the value's type). A type mixing
// basic types, such as struct {double; int} under MPI_SUM, is refused, as MPICH and Open MPI refuse it: accepting it
// here would let a program pass on the reference MPI and fail on a real one. Pair types are recognised by their type
// map, so MPI_2INT cannot be told apart from two MPI_INTs, nor MPI_DOUBLE_INT from a user struct {double; int} with the
// same map.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "xo/mpi/state/datatype.hpp"

namespace xo::mpi {

class ReductionOp {
 public:
  // The predefined operation behind `handle` (MPI_MAX..MPI_MINLOC), or nullptr.
  static const ReductionOp* predefined(MPI_Op handle);
  static ReductionOp user(MPI_User_function* function, bool commutative);

  bool commutative() const { return commutative_; }
  // "MPI_SUM", or "user operation 32" (the handle OpTable registered it under).
  std::string name() const;
  // Throws MpiError(MPI_ERR_OP) naming the operation, the datatype and the fix when a predefined
  // operation is not defined for `type`. User operations accept every type.
  void check(const Datatype& type) const;
  // inout[i] = in[i] op inout[i] for `count` instances of `type` held in packed form (as pack()
  // writes them); `in` is the left operand, which matters for non-commutative operations. `handle`
  // is the user's MPI_Datatype, passed on to user functions. Checks the type as check() does.
  void apply(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
             MPI_Datatype handle) const;

 private:
  friend class OpTable;  // records the handle a user operation is registered under, for name()

  ReductionOp(MPI_Op handle, MPI_User_function* function, bool commutative)
      : handle_(handle), function_(function), commutative_(commutative) {}

  void apply_user(const std::byte* in, std::byte* inout, std::int64_t count, const Datatype& type,
                  MPI_Datatype handle) const;

  MPI_Op handle_;                // MPI_MAX..MPI_MINLOC, or the user handle (MPI_OP_NULL until registered)
  MPI_User_function* function_;  // null for predefined operations
  bool commutative_;
};

}  // namespace xo::mpi
