#pragma once
// How the collectives move data without knowing the machine's protocols: the protocol layer's state
// in the World implements this (protocol/protocol_layer.hpp), so collective and protocol are
// siblings above the state and neither includes the other.

#include <cstdint>

#include "xo/mpi/kernel/virtual_time.hpp"
#include "xo/mpi/state/layer_state.hpp"

namespace xo::mpi {

class World;
struct RankState;
struct Request;

class Transport : public LayerState {
 public:
  static Transport& of(World& world);

  // Starts a send or a receive whose request holds envelope, buffer and bytes, as MPI_Isend and
  // MPI_Irecv do; `dest_world` is the receiver's world rank.
  virtual void start_send(World& world, RankState& sender, Request* send, int dest_world) = 0;
  virtual void start_recv(World& world, RankState& receiver, Request* receive) = 0;
  // A one-sided transfer of `bytes` from `src_world`'s memory to `dst_world`'s, ready at `start` (a
  // remote load or store), taking its turn at both ends' network endpoints; returns when it landed.
  virtual sim::Time remote_access(World& world, int src_world, int dst_world, std::int64_t bytes, sim::Time start) = 0;
};

}  // namespace xo::mpi
