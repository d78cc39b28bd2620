#include "xo/mpi/state/datatype_table.hpp"

#include <array>
#include <cstddef>
#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

// A predefined pair type (MPI_FLOAT_INT, ...) laid out exactly as the C struct {V value; int index;}.
template <class V>
Datatype pair_type(BasicType value_type) {
  struct Pair {
    V value;
    int index;
  };
  const Datatype value = Datatype::basic(value_type);
  const Datatype index = Datatype::basic(BasicType::Int);
  const int lengths[] = {1, 1};
  const std::int64_t displacements[] = {offsetof(Pair, value), offsetof(Pair, index)};
  const Datatype* types[] = {&value, &index};
  Datatype t = Datatype::structure(lengths, displacements, types);
  t.commit();
  return t;
}

// A Fortran pair type (MPI_2REAL, ...): value and index of one type, as Fortran has no structs to
// mix them (MPI-3.1 section 5.9.4).
Datatype fortran_pair_type(BasicType type) {
  Datatype t = Datatype::contiguous(2, Datatype::basic(type));
  t.commit();
  return t;
}

using PredefinedTable = std::array<const Datatype*, XO_FIRST_USER_DATATYPE>;

PredefinedTable build_predefined() {
  PredefinedTable table{};
  auto add = [&](MPI_Datatype handle, Datatype t) { table[static_cast<std::size_t>(handle)] = new Datatype(t); };
  add(MPI_CHAR, Datatype::basic(BasicType::Char));
  add(MPI_SIGNED_CHAR, Datatype::basic(BasicType::SignedChar));
  add(MPI_UNSIGNED_CHAR, Datatype::basic(BasicType::UnsignedChar));
  add(MPI_SHORT, Datatype::basic(BasicType::Short));
  add(MPI_UNSIGNED_SHORT, Datatype::basic(BasicType::UnsignedShort));
  add(MPI_INT, Datatype::basic(BasicType::Int));
  add(MPI_UNSIGNED, Datatype::basic(BasicType::Unsigned));
  add(MPI_LONG, Datatype::basic(BasicType::Long));
  add(MPI_UNSIGNED_LONG, Datatype::basic(BasicType::UnsignedLong));
  add(MPI_LONG_LONG_INT, Datatype::basic(BasicType::LongLong));
  add(MPI_UNSIGNED_LONG_LONG, Datatype::basic(BasicType::UnsignedLongLong));
  add(MPI_FLOAT, Datatype::basic(BasicType::Float));
  add(MPI_DOUBLE, Datatype::basic(BasicType::Double));
  add(MPI_LONG_DOUBLE, Datatype::basic(BasicType::LongDouble));
  add(MPI_WCHAR, Datatype::basic(BasicType::WChar));
  add(MPI_C_BOOL, Datatype::basic(BasicType::Bool));
  add(MPI_INT8_T, Datatype::basic(BasicType::Int8));
  add(MPI_INT16_T, Datatype::basic(BasicType::Int16));
  add(MPI_INT32_T, Datatype::basic(BasicType::Int32));
  add(MPI_INT64_T, Datatype::basic(BasicType::Int64));
  add(MPI_UINT8_T, Datatype::basic(BasicType::UInt8));
  add(MPI_UINT16_T, Datatype::basic(BasicType::UInt16));
  add(MPI_UINT32_T, Datatype::basic(BasicType::UInt32));
  add(MPI_UINT64_T, Datatype::basic(BasicType::UInt64));
  add(MPI_BYTE, Datatype::basic(BasicType::Byte));
  add(MPI_PACKED, Datatype::basic(BasicType::Packed));
  add(MPI_FLOAT_INT, pair_type<float>(BasicType::Float));
  add(MPI_DOUBLE_INT, pair_type<double>(BasicType::Double));
  add(MPI_LONG_INT, pair_type<long>(BasicType::Long));
  add(MPI_2INT, pair_type<int>(BasicType::Int));
  add(MPI_SHORT_INT, pair_type<short>(BasicType::Short));
  add(MPI_LONG_DOUBLE_INT, pair_type<long double>(BasicType::LongDouble));
  add(MPI_UB, Datatype::upper_bound_marker());
  add(MPI_LB, Datatype::lower_bound_marker());
  add(MPI_AINT, Datatype::basic(BasicType::Aint));
  add(MPI_OFFSET, Datatype::basic(BasicType::Offset));
  add(MPI_COUNT, Datatype::basic(BasicType::Count));
  add(MPI_C_COMPLEX, Datatype::basic(BasicType::CFloatComplex));
  add(MPI_C_DOUBLE_COMPLEX, Datatype::basic(BasicType::CDoubleComplex));
  add(MPI_C_LONG_DOUBLE_COMPLEX, Datatype::basic(BasicType::CLongDoubleComplex));
  add(MPI_CXX_BOOL, Datatype::basic(BasicType::CxxBool));
  add(MPI_CXX_FLOAT_COMPLEX, Datatype::basic(BasicType::CxxFloatComplex));
  add(MPI_CXX_DOUBLE_COMPLEX, Datatype::basic(BasicType::CxxDoubleComplex));
  add(MPI_CXX_LONG_DOUBLE_COMPLEX, Datatype::basic(BasicType::CxxLongDoubleComplex));
  add(MPI_INTEGER, Datatype::basic(BasicType::Integer));
  add(MPI_REAL, Datatype::basic(BasicType::Real));
  add(MPI_DOUBLE_PRECISION, Datatype::basic(BasicType::DoublePrecision));
  add(MPI_COMPLEX, Datatype::basic(BasicType::Complex));
  add(MPI_DOUBLE_COMPLEX, Datatype::basic(BasicType::DoubleComplex));
  add(MPI_LOGICAL, Datatype::basic(BasicType::Logical));
  add(MPI_CHARACTER, Datatype::basic(BasicType::Character));
  add(MPI_2INTEGER, fortran_pair_type(BasicType::Integer));
  add(MPI_2REAL, fortran_pair_type(BasicType::Real));
  add(MPI_2DOUBLE_PRECISION, fortran_pair_type(BasicType::DoublePrecision));
  add(MPI_INTEGER1, Datatype::basic(BasicType::Integer1));
  add(MPI_INTEGER2, Datatype::basic(BasicType::Integer2));
  add(MPI_INTEGER4, Datatype::basic(BasicType::Integer4));
  add(MPI_INTEGER8, Datatype::basic(BasicType::Integer8));
  add(MPI_REAL4, Datatype::basic(BasicType::Real4));
  add(MPI_REAL8, Datatype::basic(BasicType::Real8));
  add(MPI_COMPLEX8, Datatype::basic(BasicType::Complex8));
  add(MPI_COMPLEX16, Datatype::basic(BasicType::Complex16));
  return table;
}

}  // namespace

const Datatype* predefined_datatype(MPI_Datatype handle) {
  static const PredefinedTable table = build_predefined();  // never freed: predefined types are immortal
  if (handle <= MPI_DATATYPE_NULL || handle >= XO_FIRST_USER_DATATYPE) return nullptr;
  return table[static_cast<std::size_t>(handle)];
}

const std::shared_ptr<const Datatype>* DatatypeTable::user_slot(MPI_Datatype handle) const {
  const auto index = static_cast<std::size_t>(handle - XO_FIRST_USER_DATATYPE);
  if (handle < XO_FIRST_USER_DATATYPE || index >= user_.size() || !user_[index]) return nullptr;
  return &user_[index];
}

const Datatype& DatatypeTable::get(MPI_Datatype handle) const {
  if (const Datatype* t = predefined_datatype(handle)) return *t;
  if (const auto* slot = user_slot(handle)) return **slot;
  if (handle == MPI_DATATYPE_NULL) throw MpiError(MPI_ERR_TYPE, "the datatype is MPI_DATATYPE_NULL");
  throw MpiError(MPI_ERR_TYPE, "datatype handle " + std::to_string(handle) +
                                   " is not a valid datatype (never created, or already freed)");
}

DatatypeRef DatatypeTable::get_committed(MPI_Datatype handle) const {
  if (const Datatype* t = predefined_datatype(handle)) return DatatypeRef{t, nullptr};
  const Datatype& t = get(handle);
  if (!t.committed()) {
    throw MpiError(MPI_ERR_TYPE, "datatype " + std::to_string(handle) +
                                     " is not committed; call MPI_Type_commit before using it in communication");
  }
  const auto& owner = *user_slot(handle);
  return DatatypeRef{owner.get(), owner};
}

MPI_Datatype DatatypeTable::add(Datatype type) {
  auto owned = std::make_shared<const Datatype>(std::move(type));
  for (std::size_t i = 0; i < user_.size(); ++i) {
    if (!user_[i]) {
      user_[i] = std::move(owned);
      return static_cast<MPI_Datatype>(i) + XO_FIRST_USER_DATATYPE;
    }
  }
  user_.push_back(std::move(owned));
  return static_cast<MPI_Datatype>(user_.size() - 1) + XO_FIRST_USER_DATATYPE;
}

void DatatypeTable::commit(MPI_Datatype handle) {
  if (predefined_datatype(handle) != nullptr) return;  // predefined types are committed already
  get(handle);
  auto& slot = user_[static_cast<std::size_t>(handle - XO_FIRST_USER_DATATYPE)];
  if (slot->committed()) return;
  Datatype committed = *slot;
  committed.commit();
  slot = std::make_shared<const Datatype>(std::move(committed));
}

MPI_Datatype DatatypeTable::f90_type(int combiner, std::vector<int> integers, const Datatype& matching) {
  auto key = std::pair{combiner, integers};
  if (const auto found = f90_.find(key); found != f90_.end()) return found->second;
  auto envelope = std::make_shared<TypeEnvelope>();
  envelope->combiner = combiner;
  envelope->integers = std::move(integers);
  Datatype type = matching;
  type.set_envelope(std::move(envelope));
  type.commit();
  const MPI_Datatype handle = add(std::move(type));
  f90_.emplace(std::move(key), handle);
  return handle;
}

bool DatatypeTable::is_f90_type(MPI_Datatype handle) const {
  const auto* slot = user_slot(handle);
  if (slot == nullptr || (*slot)->envelope() == nullptr) return false;
  const int combiner = (*slot)->envelope()->combiner;
  return combiner == MPI_COMBINER_F90_REAL || combiner == MPI_COMBINER_F90_COMPLEX ||
         combiner == MPI_COMBINER_F90_INTEGER;
}

TypeArgument DatatypeTable::argument(MPI_Datatype handle) const {
  if (predefined_datatype(handle) != nullptr || is_f90_type(handle)) return TypeArgument{handle, nullptr};
  get(handle);
  return TypeArgument{MPI_DATATYPE_NULL, *user_slot(handle)};
}

MPI_Datatype DatatypeTable::handle_for(const TypeArgument& argument) {
  if (!argument.derived) return argument.predefined;
  return add(*argument.derived);
}

void DatatypeTable::free(MPI_Datatype& handle) {
  if (predefined_datatype(handle) != nullptr) {
    throw MpiError(MPI_ERR_TYPE, "datatype " + std::to_string(handle) + " is predefined and cannot be freed");
  }
  get(handle);
  if (is_f90_type(handle)) {
    throw MpiError(MPI_ERR_TYPE, "datatype " + std::to_string(handle) +
                                     " comes from MPI_Type_create_f90_real/complex/integer, which returns predefined "
                                     "types; they cannot be freed");
  }
  if (holds_.freed(handle)) {
    throw MpiError(MPI_ERR_TYPE, "datatype handle " + std::to_string(handle) + " was already freed");
  }
  if (!holds_.defer_free(handle)) user_[static_cast<std::size_t>(handle - XO_FIRST_USER_DATATYPE)].reset();
  handle = MPI_DATATYPE_NULL;
}

void DatatypeTable::pin(MPI_Datatype handle) {
  if (user_slot(handle) != nullptr) holds_.hold(handle);
}

void DatatypeTable::unpin(MPI_Datatype handle) {
  if (holds_.release(handle)) user_[static_cast<std::size_t>(handle - XO_FIRST_USER_DATATYPE)].reset();
}

}  // namespace xo::mpi
