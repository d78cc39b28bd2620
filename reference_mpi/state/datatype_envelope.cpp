#include "xo/mpi/state/datatype_envelope.hpp"

#include "xo/mpi/state/datatype_table.hpp"

namespace xo::mpi {

std::shared_ptr<const TypeEnvelope> make_envelope(const DatatypeTable& table, int combiner, std::vector<int> integers,
                                                  std::vector<std::int64_t> addresses,
                                                  std::span<const MPI_Datatype> types) {
  auto envelope = std::make_shared<TypeEnvelope>();
  envelope->combiner = combiner;
  envelope->integers = std::move(integers);
  envelope->addresses = std::move(addresses);
  envelope->types.reserve(types.size());
  for (MPI_Datatype handle : types) envelope->types.push_back(table.argument(handle));
  return envelope;
}

}  // namespace xo::mpi
