// Cartesian process topologies (MPI-1 chapter 6): MPI_Dims_create, MPI_Cart_create and its
// queries, shifts, sub-grids and mapping, MPI_Topo_test. Ranks keep their order (reorder is
// allowed to be ignored): grid position i is rank i of the old communicator, row-major.

#include <algorithm>
#include <string>
#include <vector>

#include "api_call.hpp"
#include "comm_install.hpp"
#include "dims_create.hpp"
#include "xo/mpi/state/topology.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::CartTopology;
using xo::mpi::CommHandle;
using xo::mpi::MeetingKind;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {

CommHandle& comm_of(MPI_Comm comm) { return World::current().self().comms.get(comm); }

// Checks ndims, dims and periods as MPI_Cart_create and MPI_Cart_map take them; returns the grid.
CartTopology grid(int ndims, const int dims[], const int periods[], const CommHandle& comm) {
  if (ndims < 0) throw MpiError(MPI_ERR_DIMS, "ndims " + std::to_string(ndims) + " is negative");
  if (ndims > 0) {
    xo::mpi::require_pointer(dims, "dims");
    xo::mpi::require_pointer(periods, "periods");
  }
  CartTopology cart;
  long long nodes = 1;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] <= 0) {
      throw MpiError(MPI_ERR_DIMS, "dims[" + std::to_string(d) + "] is " + std::to_string(dims[d]) +
                                       "; every dimension of a Cartesian grid needs at least one process");
    }
    nodes = std::min(nodes * dims[d], 1LL << 32);
    cart.dims.push_back(dims[d]);
    cart.periods.push_back(periods[d] != 0);
  }
  if (nodes > comm.size()) {
    throw MpiError(MPI_ERR_DIMS, "the grid needs " + std::to_string(nodes) + " processes but " + comm.shared->name +
                                     " has " + std::to_string(comm.size()) + "; choose dims with MPI_Dims_create");
  }
  return cart;
}

void copy_out(const std::vector<int>& from, int max, int* to, const char* what) {
  if (max < 0) throw MpiError(MPI_ERR_ARG, std::string("the length of ") + what + " is negative");
  const auto n = std::min(from.size(), static_cast<std::size_t>(max));
  if (n > 0) xo::mpi::require_pointer(to, what);
  std::copy_n(from.begin(), n, to);
}

}  // namespace

extern "C" {

int MPI_Dims_create(int nnodes, int ndims, int dims[]) {
  return api_call("MPI_Dims_create", MPI_COMM_WORLD, [&] {
    if (ndims < 0) throw MpiError(MPI_ERR_DIMS, "ndims " + std::to_string(ndims) + " is negative");
    if (ndims > 0) xo::mpi::require_pointer(dims, "dims");
    xo::mpi::dims_create(nnodes, {dims, static_cast<std::size_t>(ndims)});
  });
}

int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int /*reorder*/,
                    MPI_Comm* comm_cart) {
  return api_call("MPI_Cart_create", comm_old, [&] {
    xo::mpi::require_pointer(comm_cart, "comm_cart");
    World& world = World::current();
    CommHandle& parent = comm_of(comm_old);
    auto topology = std::make_shared<const xo::mpi::Topology>(xo::mpi::Topology{grid(ndims, dims, periods, parent)});
    // The first processes of the old communicator make the grid; the others get MPI_COMM_NULL.
    std::vector<int> members;
    const int nodes = xo::mpi::cart_size(std::get<CartTopology>(topology->shape));
    for (int r = 0; r < nodes; ++r) members.push_back(parent.world_rank(r));
    xo::mpi::MeetingInput input;
    input.group = xo::mpi::Group::from_world_ranks(std::move(members));
    input.topology = std::move(topology);
    *comm_cart = xo::mpi::install_communicator(
        world.meetings().meet(world, parent, MeetingKind::Create, "MPI_Cart_create", std::move(input)), parent);
  });
}

int MPI_Cartdim_get(MPI_Comm comm, int* ndims) {
  return api_call("MPI_Cartdim_get", comm, [&] {
    xo::mpi::require_pointer(ndims, "ndims");
    *ndims = static_cast<int>(xo::mpi::cart_of(comm_of(comm), "MPI_Cartdim_get").dims.size());
  });
}

int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]) {
  return api_call("MPI_Cart_get", comm, [&] {
    const CommHandle& handle = comm_of(comm);
    const CartTopology& cart = xo::mpi::cart_of(handle, "MPI_Cart_get");
    const std::vector<int> cyclic(cart.periods.begin(), cart.periods.end());
    copy_out(cart.dims, maxdims, dims, "dims");
    copy_out(cyclic, maxdims, periods, "periods");
    copy_out(xo::mpi::cart_coords(cart, handle.my_rank), maxdims, coords, "coords");
  });
}

int MPI_Cart_rank(MPI_Comm comm, const int coords[], int* rank) {
  return api_call("MPI_Cart_rank", comm, [&] {
    xo::mpi::require_pointer(rank, "rank");
    const CartTopology& cart = xo::mpi::cart_of(comm_of(comm), "MPI_Cart_rank");
    if (!cart.dims.empty()) xo::mpi::require_pointer(coords, "coords");
    *rank = xo::mpi::cart_rank(cart, {coords, cart.dims.size()});
  });
}

int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]) {
  return api_call("MPI_Cart_coords", comm, [&] {
    const CommHandle& handle = comm_of(comm);
    const CartTopology& cart = xo::mpi::cart_of(handle, "MPI_Cart_coords");
    if (rank < 0 || rank >= handle.size()) {
      throw MpiError(MPI_ERR_RANK, "rank " + std::to_string(rank) + " is not in the grid of " +
                                       std::to_string(handle.size()) + " processes");
    }
    copy_out(xo::mpi::cart_coords(cart, rank), maxdims, coords, "coords");
  });
}

int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int* rank_source, int* rank_dest) {
  return api_call("MPI_Cart_shift", comm, [&] {
    xo::mpi::require_pointer(rank_source, "rank_source");
    xo::mpi::require_pointer(rank_dest, "rank_dest");
    const CommHandle& handle = comm_of(comm);
    const CartTopology& cart = xo::mpi::cart_of(handle, "MPI_Cart_shift");
    if (direction < 0 || direction >= static_cast<int>(cart.dims.size())) {
      throw MpiError(MPI_ERR_ARG, "direction " + std::to_string(direction) + " is not a dimension of the " +
                                      std::to_string(cart.dims.size()) + "-dimensional grid");
    }
    *rank_source = xo::mpi::cart_shifted(cart, handle.my_rank, direction, -disp);
    *rank_dest = xo::mpi::cart_shifted(cart, handle.my_rank, direction, disp);
  });
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm) {
  return api_call("MPI_Cart_sub", comm, [&] {
    xo::mpi::require_pointer(newcomm, "newcomm");
    World& world = World::current();
    CommHandle& handle = comm_of(comm);
    const CartTopology& cart = xo::mpi::cart_of(handle, "MPI_Cart_sub");
    if (!cart.dims.empty()) xo::mpi::require_pointer(remain_dims, "remain_dims");
    // Processes that agree on every dropped coordinate share a sub-grid: the dropped coordinates,
    // as one row-major number, are its color; row-major order of the kept ones is the old order.
    const std::vector<int> coords = xo::mpi::cart_coords(cart, handle.my_rank);
    CartTopology sub;
    int color = 0;
    for (std::size_t d = 0; d < cart.dims.size(); ++d) {
      if (remain_dims[d] != 0) {
        sub.dims.push_back(cart.dims[d]);
        sub.periods.push_back(cart.periods[d]);
      } else {
        color = color * cart.dims[d] + coords[d];
      }
    }
    xo::mpi::MeetingInput input;
    input.color = color;
    input.key = handle.my_rank;
    input.topology = std::make_shared<const xo::mpi::Topology>(xo::mpi::Topology{std::move(sub)});
    *newcomm = xo::mpi::install_communicator(
        world.meetings().meet(world, handle, MeetingKind::Split, "MPI_Cart_sub", std::move(input)), handle);
  });
}

int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int* newrank) {
  return api_call("MPI_Cart_map", comm, [&] {
    xo::mpi::require_pointer(newrank, "newrank");
    const CommHandle& handle = comm_of(comm);
    const int nodes = xo::mpi::cart_size(grid(ndims, dims, periods, handle));
    *newrank = handle.my_rank < nodes ? handle.my_rank : MPI_UNDEFINED;
  });
}

int MPI_Topo_test(MPI_Comm comm, int* status) {
  return api_call("MPI_Topo_test", comm, [&] {
    xo::mpi::require_pointer(status, "status");
    *status = xo::mpi::topology_kind(comm_of(comm).shared->topology.get());
  });
}

}  // extern "C"
