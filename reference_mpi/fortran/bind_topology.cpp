// Fortran bindings: Cartesian, graph and distributed-graph topologies. LOGICAL arrays (PERIODS,
// REMAIN_DIMS) go to C as they are: gfortran's .TRUE. is 1 and .FALSE. 0, which C reads as ints.

#include "fortran_binding.hpp"

using namespace xo::fortran;

namespace {

// A weights argument: mpif.h's MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY become C's.
const int* weights(const Fint* address) {
  switch (sentinel_at(address)) {
    case Sentinel::Unweighted: return MPI_UNWEIGHTED;
    case Sentinel::WeightsEmpty: return MPI_WEIGHTS_EMPTY;
    default: return address;
  }
}

int* weights(Fint* address) { return const_cast<int*>(weights(static_cast<const Fint*>(address))); }

}  // namespace

extern "C" {

void mpi_dims_create_(const Fint* nnodes, const Fint* ndims, Fint* dims, Fint* ierr) {
  *ierr = MPI_Dims_create(*nnodes, *ndims, dims);
}

void mpi_cart_create_(const Fint* comm, const Fint* ndims, const Fint* dims, const Fint* periods, const Fint* reorder,
                      Fint* comm_cart, Fint* ierr) {
  *ierr = MPI_Cart_create(*comm, *ndims, dims, periods, *reorder != 0, comm_cart);
}

void mpi_cart_get_(const Fint* comm, const Fint* maxdims, Fint* dims, Fint* periods, Fint* coords, Fint* ierr) {
  *ierr = MPI_Cart_get(*comm, *maxdims, dims, periods, coords);
  for (int i = 0; i < *maxdims; ++i) periods[i] = logical(periods[i]);
}

void mpi_cart_rank_(const Fint* comm, const Fint* coords, Fint* rank, Fint* ierr) {
  *ierr = MPI_Cart_rank(*comm, coords, rank);
}

void mpi_cart_coords_(const Fint* comm, const Fint* rank, const Fint* maxdims, Fint* coords, Fint* ierr) {
  *ierr = MPI_Cart_coords(*comm, *rank, *maxdims, coords);
}

void mpi_cart_shift_(const Fint* comm, const Fint* direction, const Fint* disp, Fint* source, Fint* dest, Fint* ierr) {
  *ierr = MPI_Cart_shift(*comm, *direction, *disp, source, dest);
}

void mpi_cart_sub_(const Fint* comm, const Fint* remain_dims, Fint* newcomm, Fint* ierr) {
  *ierr = MPI_Cart_sub(*comm, remain_dims, newcomm);
}

void mpi_cart_map_(const Fint* comm, const Fint* ndims, const Fint* dims, const Fint* periods, Fint* newrank,
                   Fint* ierr) {
  *ierr = MPI_Cart_map(*comm, *ndims, dims, periods, newrank);
}

void mpi_cartdim_get_(const Fint* comm, Fint* ndims, Fint* ierr) { *ierr = MPI_Cartdim_get(*comm, ndims); }

void mpi_graph_create_(const Fint* comm, const Fint* nnodes, const Fint* index, const Fint* edges, const Fint* reorder,
                       Fint* comm_graph, Fint* ierr) {
  *ierr = MPI_Graph_create(*comm, *nnodes, index, edges, *reorder != 0, comm_graph);
}

void mpi_graph_get_(const Fint* comm, const Fint* maxindex, const Fint* maxedges, Fint* index, Fint* edges,
                    Fint* ierr) {
  *ierr = MPI_Graph_get(*comm, *maxindex, *maxedges, index, edges);
}

void mpi_graph_neighbors_(const Fint* comm, const Fint* rank, const Fint* maxneighbors, Fint* neighbors, Fint* ierr) {
  *ierr = MPI_Graph_neighbors(*comm, *rank, *maxneighbors, neighbors);
}

void mpi_graph_neighbors_count_(const Fint* comm, const Fint* rank, Fint* nneighbors, Fint* ierr) {
  *ierr = MPI_Graph_neighbors_count(*comm, *rank, nneighbors);
}

void mpi_graph_map_(const Fint* comm, const Fint* nnodes, const Fint* index, const Fint* edges, Fint* newrank,
                    Fint* ierr) {
  *ierr = MPI_Graph_map(*comm, *nnodes, index, edges, newrank);
}

void mpi_graphdims_get_(const Fint* comm, Fint* nnodes, Fint* nedges, Fint* ierr) {
  *ierr = MPI_Graphdims_get(*comm, nnodes, nedges);
}

void mpi_topo_test_(const Fint* comm, Fint* status, Fint* ierr) { *ierr = MPI_Topo_test(*comm, status); }

void mpi_dist_graph_create_adjacent_(const Fint* comm, const Fint* indegree, const Fint* sources,
                                     const Fint* sourceweights, const Fint* outdegree, const Fint* destinations,
                                     const Fint* destweights, const Fint* info, const Fint* reorder, Fint* newcomm,
                                     Fint* ierr) {
  *ierr = MPI_Dist_graph_create_adjacent(*comm, *indegree, sources, weights(sourceweights), *outdegree, destinations,
                                         weights(destweights), *info, *reorder != 0, newcomm);
}

void mpi_dist_graph_create_(const Fint* comm, const Fint* n, const Fint* sources, const Fint* degrees,
                            const Fint* destinations, const Fint* weights_in, const Fint* info, const Fint* reorder,
                            Fint* newcomm, Fint* ierr) {
  *ierr = MPI_Dist_graph_create(*comm, *n, sources, degrees, destinations, weights(weights_in), *info, *reorder != 0,
                                newcomm);
}

void mpi_dist_graph_neighbors_count_(const Fint* comm, Fint* indegree, Fint* outdegree, Fint* weighted, Fint* ierr) {
  int c = 0;
  *ierr = MPI_Dist_graph_neighbors_count(*comm, indegree, outdegree, &c);
  *weighted = logical(c);
}

void mpi_dist_graph_neighbors_(const Fint* comm, const Fint* maxindegree, Fint* sources, Fint* sourceweights,
                               const Fint* maxoutdegree, Fint* destinations, Fint* destweights, Fint* ierr) {
  *ierr = MPI_Dist_graph_neighbors(*comm, *maxindegree, sources, weights(sourceweights), *maxoutdegree, destinations,
                                   weights(destweights));
}

}  // extern "C"
