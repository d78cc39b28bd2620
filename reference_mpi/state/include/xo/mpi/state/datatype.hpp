#pragma once
// An MPI datatype as a flattened type map: the contiguous runs of basic elements that one
// instance covers, in type-map order (which is the order Pack writes them), plus lb, ub and
// size. Adjacent runs of the same basic type are merged as they are appended, so a contiguous
// type of a million doubles is one run and packs with one memcpy.

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "xo/mpi/state/basic_type.hpp"

namespace xo::mpi {

struct TypeEnvelope;

struct TypeBlock {
  std::int64_t offset;  // bytes from the start of the instance
  std::int64_t bytes;   // a whole number of `basic` elements
  BasicType basic;
};

class Datatype {
 public:
  static Datatype basic(BasicType type);
  // The MPI-1 MPI_LB / MPI_UB markers: no data, only a sticky bound at displacement 0.
  static Datatype lower_bound_marker();
  static Datatype upper_bound_marker();

  std::int64_t size() const { return size_; }
  std::int64_t lb() const { return lb_; }
  std::int64_t ub() const { return ub_; }
  std::int64_t extent() const { return ub_ - lb_; }
  // The span the data really covers, bound markers and resizing ignored (MPI_Type_get_true_extent);
  // 0 and 0 for a type without data.
  std::int64_t true_lb() const { return true_lb_; }
  std::int64_t true_ub() const { return true_ub_; }
  std::int64_t true_extent() const { return true_ub_ - true_lb_; }
  const std::vector<TypeBlock>& blocks() const { return blocks_; }
  // One run starting at 0 that fills the extent: pack is a single memcpy.
  bool is_contiguous() const {
    return size_ == 0 || (blocks_.size() == 1 && blocks_[0].offset == 0 && size_ == extent() && lb_ == 0);
  }
  // Basic elements wholly contained in the first `bytes` of packed data (for MPI_Get_elements).
  std::int64_t elements_in(std::int64_t bytes) const;
  // Whether `bytes` of packed data end on a basic element's boundary; if not, MPI_Get_elements
  // has no count to give (MPI_UNDEFINED).
  bool ends_on_element(std::int64_t bytes) const;

  bool committed() const { return committed_; }
  void commit() { committed_ = true; }

  // How the program built the type (MPI_Type_get_envelope); null for types built outside the API.
  const TypeEnvelope* envelope() const { return envelope_.get(); }
  void set_envelope(std::shared_ptr<const TypeEnvelope> envelope) { envelope_ = std::move(envelope); }

  // Type constructors (MPI_Type_*). Counts and block lengths must be >= 0 (MpiError otherwise).
  static Datatype hvector(std::int64_t count, std::int64_t blocklength, std::int64_t stride_bytes, const Datatype& old);
  static Datatype contiguous(std::int64_t count, const Datatype& old);
  static Datatype vector(std::int64_t count, std::int64_t blocklength, std::int64_t stride, const Datatype& old);
  static Datatype indexed(std::span<const int> blocklengths, std::span<const int> displacements, const Datatype& old);
  // Displacements in bytes (MPI_Type_create_hindexed).
  static Datatype hindexed(std::span<const int> blocklengths, std::span<const std::int64_t> byte_displacements,
                           const Datatype& old);
  static Datatype structure(std::span<const int> blocklengths, std::span<const std::int64_t> displacements,
                            std::span<const Datatype* const> types);
  // The same type map with bounds lb and lb + extent, which then act as MPI-1 bound markers
  // (sticky in types built from it), as MPI_Type_create_resized defines.
  static Datatype resized(const Datatype& old, std::int64_t lb, std::int64_t extent);

 private:
  // Appends `count` consecutive instances of `part` starting at byte displacement `at`.
  void append(const Datatype& part, std::int64_t at, std::int64_t count);
  void append_block(TypeBlock block);
  std::int64_t elements_per_instance() const;

  std::vector<TypeBlock> blocks_;
  std::int64_t size_ = 0;
  std::int64_t lb_ = 0;
  std::int64_t ub_ = 0;
  std::int64_t true_lb_ = 0;
  std::int64_t true_ub_ = 0;
  std::int64_t alignment_ = 1;  // largest basic alignment inside, for the struct extent rule
  bool explicit_lb_ = false;    // set by MPI_LB markers, and sticky through constructors
  bool explicit_ub_ = false;
  bool empty_ = true;  // no bound contributed yet
  bool committed_ = false;
  std::shared_ptr<const TypeEnvelope> envelope_;
};

}  // namespace xo::mpi
