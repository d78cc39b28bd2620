#pragma once
// Tree shapes over ranks relative to a root (relative rank 0 is the root), shared by the tree
// algorithms: binomial trees and k-ary trees.

#include <bit>
#include <vector>

namespace xo::mpi {

inline int relative_rank(int rank, int root, int size) { return (rank - root + size) % size; }
inline int absolute_rank(int relative, int root, int size) { return (relative + root) % size; }

// Binomial tree: node r's parent clears r's lowest set bit; its children are r + 2^k for every
// 2^k below that bit (all powers of two for the root), largest subtree first.
inline int binomial_parent(int r) { return r == 0 ? -1 : r & (r - 1); }
inline std::vector<int> binomial_children(int r, int size) {
  std::vector<int> children;
  const unsigned limit =
      r == 0 ? std::bit_ceil(static_cast<unsigned>(size)) : (static_cast<unsigned>(r) & -static_cast<unsigned>(r));
  for (unsigned step = limit >> 1; step > 0; step >>= 1) {
    if (r + static_cast<int>(step) < size) children.push_back(r + static_cast<int>(step));
  }
  return children;
}
// The relative ranks r .. r + binomial_subtree(r) - 1 form node r's subtree.
inline int binomial_subtree(int r, int size) {
  const int span = r == 0 ? static_cast<int>(std::bit_ceil(static_cast<unsigned>(size))) : (r & -r);
  return std::min(span, size - r);
}

// K-ary tree in breadth-first order: node r's children are k r + 1 .. k r + k.
inline int kary_parent(int r, int k) { return r == 0 ? -1 : (r - 1) / k; }
inline std::vector<int> kary_children(int r, int k, int size) {
  std::vector<int> children;
  for (int c = r * k + 1; c <= r * k + k && c < size; ++c) children.push_back(c);
  return children;
}

inline int largest_power_of_two_at_most(int n) { return static_cast<int>(std::bit_floor(static_cast<unsigned>(n))); }

}  // namespace xo::mpi
