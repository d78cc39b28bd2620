#include "intercomm_leader_exchange.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "p2p_calls.hpp"
#include "xo/mpi/state/group_description.hpp"
#include "xo/mpi/state/intercomm_sides.hpp"
#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

constexpr const char* kCall = "MPI_Intercomm_create";

std::string peer_text(const CommHandle& peer, int remote_leader, int tag) {
  return "remote_leader " + std::to_string(remote_leader) + " on peer_comm " + peer.shared->name + " (tag " +
         std::to_string(tag) + ")";
}

[[noreturn]] void not_a_group_description(const CommHandle& peer, int remote_leader, int tag) {
  throw MpiError(MPI_ERR_OTHER, "the message from " + peer_text(peer, remote_leader, tag) +
                                    " is not MPI_Intercomm_create's group description: another message with this tag "
                                    "was pending on peer_comm; use a tag that no other message on peer_comm uses");
}

// Sends `out` to the remote leader and receives `in` (whose size says what to expect) from it. The
// receive is posted first, so the exchange completes whatever protocol the machine picks.
void swap_with_leader(const std::vector<int>& out, std::vector<int>& in, const CommHandle& peer, MPI_Comm peer_comm,
                      int remote_leader, int tag) {
  Request* r = post_recv(kCall, in.data(), static_cast<int>(in.size()), MPI_INT, remote_leader, tag, peer_comm,
                         Request::Traced::No);
  Request* s = post_send(kCall, out.data(), static_cast<int>(out.size()), MPI_INT, remote_leader, tag, peer_comm,
                         hw::SendMode::Standard, Request::Traced::No);
  wait_for(s);
  retire(s, MPI_STATUS_IGNORE, nullptr);
  wait_for(r);
  MPI_Status status;
  if (retire_quietly(r, &status, nullptr) != MPI_SUCCESS ||
      status.xo_bytes != static_cast<long>(in.size() * sizeof(int))) {
    not_a_group_description(peer, remote_leader, tag);
  }
}

}  // namespace

std::shared_ptr<const CommShared> lead_intercomm_create(World& world, const CommHandle& local, MPI_Comm peer_comm,
                                                        int remote_leader, int tag) {
  RankState& self = world.self();
  const CommHandle& peer = self.comms.get(peer_comm);
  if (remote_leader < 0 || remote_leader >= peer.peer_size()) {
    throw MpiError(MPI_ERR_RANK, "remote_leader " + std::to_string(remote_leader) + " does not exist: " +
                                     (peer.is_inter() ? "the remote group of " : "") + "peer_comm " +
                                     peer.shared->name + " has " + std::to_string(peer.peer_size()) + " ranks");
  }
  const int me = self.world_rank;
  const int them = peer.peer_world_rank(remote_leader);
  if (local.shared->group->contains(them)) {
    throw MpiError(MPI_ERR_COMM, peer_text(peer, remote_leader, tag) + " is " +
                                     (them == me ? "this process, the local leader itself"
                                                 : "world rank " + std::to_string(them) + ", a member of local_comm " +
                                                       local.shared->name) +
                                     "; the remote leader must belong to the other group, and the groups must be "
                                     "disjoint");
  }

  const int offered = me < them ? world.new_context() : 0;  // the lower leader allocates the context
  const std::vector<int> description = describe_group(*local.shared->group);
  std::vector<int> header(3);
  swap_with_leader({local.size(), offered, static_cast<int>(description.size())}, header, peer, peer_comm,
                   remote_leader, tag);
  const int remote_size = header[0];
  const int context = me < them ? offered : header[1];
  if (remote_size < 1 || remote_size > world.size() || context <= 0 || header[2] < 1 || header[2] > remote_size + 1) {
    not_a_group_description(peer, remote_leader, tag);
  }

  std::vector<int> remote_description(static_cast<std::size_t>(header[2]));
  swap_with_leader(description, remote_description, peer, peer_comm, remote_leader, tag);
  std::optional<std::vector<int>> read = read_group_description(remote_description, remote_size);
  if (!read) not_a_group_description(peer, remote_leader, tag);
  std::vector<int> members = std::move(*read);
  std::vector<int> sorted = members;
  std::sort(sorted.begin(), sorted.end());
  if (sorted.front() < 0 || sorted.back() >= world.size() ||
      std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end() ||
      !std::binary_search(sorted.begin(), sorted.end(), them)) {
    not_a_group_description(peer, remote_leader, tag);
  }
  for (int w : members) {
    if (!local.shared->group->contains(w)) continue;
    throw MpiError(MPI_ERR_COMM, "the groups of MPI_Intercomm_create overlap: world rank " + std::to_string(w) +
                                     " is in local_comm " + local.shared->name + " and in the group of " +
                                     peer_text(peer, remote_leader, tag) +
                                     "; an intercommunicator's groups must be "
                                     "disjoint");
  }
  const std::string name = "intercommunicator of the groups led by world ranks " + std::to_string(std::min(me, them)) +
                           " and " + std::to_string(std::max(me, them));
  return make_inter_side(world, context, local.shared->group, Group::from_world_ranks(std::move(members)), name,
                         peer.shared->context);
}

}  // namespace xo::mpi
