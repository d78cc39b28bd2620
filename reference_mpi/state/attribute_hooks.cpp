#include "xo/mpi/state/attribute_hooks.hpp"

#include "xo/mpi/state/attributes.hpp"
#include "xo/mpi/state/rank_state.hpp"

namespace xo::mpi {

void copy_comm_attributes(RankState& self, MPI_Comm old_comm, MPI_Comm new_comm) {
  AttributeList copied = copy_attributes(self.keyvals, self.comms.get(old_comm).attributes, old_comm, new_comm);
  self.comms.get(new_comm).attributes = std::move(copied);
}

void delete_comm_attributes(RankState& self, MPI_Comm comm) {
  delete_all_attributes(self.keyvals, self.comms.get(comm).attributes, comm);
}

void copy_type_attributes(RankState& self, MPI_Datatype old_type, MPI_Datatype new_type) {
  auto old = self.type_extras.find(old_type);
  if (old == self.type_extras.end() || old->second.attributes.empty()) return;
  AttributeList copied = copy_attributes(self.keyvals, old->second.attributes, old_type, new_type);
  if (!copied.empty()) self.type_extras[new_type].attributes = std::move(copied);
}

void release_type_extras(RankState& self, MPI_Datatype type) {
  auto it = self.type_extras.find(type);
  if (it == self.type_extras.end()) return;
  delete_all_attributes(self.keyvals, it->second.attributes, type);
  self.type_extras.erase(type);  // re-found: a callback may have changed the table
}

}  // namespace xo::mpi
