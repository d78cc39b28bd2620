// Every MPI-1 collective of the reference MPI on every machine, on MPI_COMM_WORLD and on split
// communicators, against results computed here by plain loops over what every rank contributed.
// Also every algorithm a XO_COLL_* knob can force (on loggp, and on the AP1000 and X1 with their
// collective hardware), including the ones that must fall back. Ranks are fibers of one process:
// each records its mismatches in its own slot of a vector that the test checks after the run.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "phase_run.hpp"
#include "xo/hwmodels/machine_registry.hpp"

namespace {

using Errors = std::vector<std::string>;
using xo::test::Env;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// ---------------------------------------------------------------------------------------------
// Value types and comparison

struct DoubleInt {
  double value;
  int index;
  bool operator==(const DoubleInt&) const = default;
};
struct IntInt {
  int value;
  int index;
  bool operator==(const IntInt&) const = default;
};
struct Mat {  // a 2x2 integer matrix, row-major: [[a, b], [c, d]]
  int a, b, c, d;
  bool operator==(const Mat&) const = default;
};
static_assert(sizeof(Mat) == 4 * sizeof(int));

std::ostream& operator<<(std::ostream& os, const DoubleInt& v) { return os << "(" << v.value << "," << v.index << ")"; }
std::ostream& operator<<(std::ostream& os, const IntInt& v) { return os << "(" << v.value << "," << v.index << ")"; }
std::ostream& operator<<(std::ostream& os, const Mat& m) {
  return os << "[[" << m.a << "," << m.b << "],[" << m.c << "," << m.d << "]]";
}

// Records the first difference between `got` and `want` (and how many elements differ).
template <class T>
void same(Errors& errors, const std::string& what, const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) {
    errors.push_back(what + ": size " + std::to_string(got.size()) + " != " + std::to_string(want.size()));
    return;
  }
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (!(got[i] == want[i])) {
      if (bad++ == 0) first = i;
    }
  }
  if (bad == 0) return;
  std::ostringstream os;
  os << what << ": " << bad << " of " << got.size() << " elements differ; first at [" << first << "]: got "
     << got[first] << ", expected " << want[first];
  errors.push_back(os.str());
}

template <class T>
void same_one(Errors& errors, const std::string& what, const T& got, const T& want) {
  same(errors, what, std::vector<T>{got}, std::vector<T>{want});
}

// ---------------------------------------------------------------------------------------------
// A communicator and what the test knows about it independently of the library.

struct Group {
  MPI_Comm comm = MPI_COMM_WORLD;
  int me = 0;                        // my rank in comm
  std::vector<int> world;            // world rank of each comm rank, derived by the test
  std::vector<int>* barrier_counts;  // shared by the members: entries to each barrier
  std::string label;                 // for messages
  int n() const { return static_cast<int>(world.size()); }
  int id(int c) const { return world[at(c)]; }  // contributions depend on the world rank
  std::string where(const std::string& what) const { return label + " " + what; }
};

// The roots a rooted collective is tried with: 0, size-1 and size/2 (distinct).
std::vector<int> roots_of(int n) {
  std::vector<int> roots{0};
  if (n - 1 != 0) roots.push_back(n - 1);
  if (n / 2 != 0 && n / 2 != n - 1) roots.push_back(n / 2);
  return roots;
}

// The algorithm sweep runs a compact program (a forced algorithm runs whatever the size): long
// messages a quarter as long, no 512 KiB reduce_scatter.
bool g_compact = false;
int big(int full) { return g_compact ? full / 4 : full; }

constexpr double kSentinel = -7777.25;
constexpr int kIntSentinel = -99999;

double dval(int world_rank, int i) { return world_rank * 100000.0 + i * 0.5; }  // exact in a double
int ival(int world_rank, int i) { return world_rank * 1000 + i % 1000; }

// ---------------------------------------------------------------------------------------------
// Barrier and broadcast

void barrier_and_bcast(const Group& g, Errors& e) {
  const int n = g.n();
  for (int k = 0; k < 3; ++k) {
    ++(*g.barrier_counts)[at(k)];
    MPI_Barrier(g.comm);
    same_one(e, g.where("MPI_Barrier #" + std::to_string(k) + " members entered before I left"),
             (*g.barrier_counts)[at(k)], n);
  }
  for (const int root : roots_of(n)) {
    for (const int count : {1, 7, big(5000)}) {
      std::vector<double> buf(at(count), kSentinel), want(at(count));
      for (int i = 0; i < count; ++i) want[at(i)] = dval(g.id(root), i);
      if (g.me == root) buf = want;
      MPI_Bcast(buf.data(), count, MPI_DOUBLE, root, g.comm);
      same(e, g.where("MPI_Bcast double count " + std::to_string(count) + " root " + std::to_string(root)), buf, want);
    }
    int one = g.me == root ? 4242 + g.id(root) : kIntSentinel;
    MPI_Bcast(&one, 1, MPI_INT, root, g.comm);
    same_one(e, g.where("MPI_Bcast int root " + std::to_string(root)), one, 4242 + g.id(root));
  }
}

// ---------------------------------------------------------------------------------------------
// Gather, scatter, allgather, alltoall with equal blocks

void regular_movement(const Group& g, Errors& e) {
  const int n = g.n();
  for (const int root : roots_of(n)) {
    for (const int count : {1, big(1000)}) {
      const std::string tag = " count " + std::to_string(count) + " root " + std::to_string(root);
      // Gather
      std::vector<double> mine(at(count));
      for (int i = 0; i < count; ++i) mine[at(i)] = dval(g.id(g.me), i);
      std::vector<double> all(at(n * count), kSentinel), want(at(n * count));
      for (int c = 0; c < n; ++c)
        for (int i = 0; i < count; ++i) want[at(c * count + i)] = dval(g.id(c), i);
      MPI_Gather(mine.data(), count, MPI_DOUBLE, all.data(), count, MPI_DOUBLE, root, g.comm);
      if (g.me == root) same(e, g.where("MPI_Gather" + tag), all, want);
      // Scatter: the root sends block c to rank c
      std::vector<double> src(at(n * count), kSentinel);
      if (g.me == root)
        for (int c = 0; c < n; ++c)
          for (int i = 0; i < count; ++i) src[at(c * count + i)] = dval(g.id(c), i) + 0.25;
      std::vector<double> got(at(count), kSentinel), want_block(at(count));
      for (int i = 0; i < count; ++i) want_block[at(i)] = dval(g.id(g.me), i) + 0.25;
      MPI_Scatter(src.data(), count, MPI_DOUBLE, got.data(), count, MPI_DOUBLE, root, g.comm);
      same(e, g.where("MPI_Scatter" + tag), got, want_block);
    }
    // Gather and scatter of single ints
    int v = ival(g.id(g.me), 3);
    std::vector<int> ints(at(n), kIntSentinel), want_ints(at(n));
    for (int c = 0; c < n; ++c) want_ints[at(c)] = ival(g.id(c), 3);
    MPI_Gather(&v, 1, MPI_INT, ints.data(), 1, MPI_INT, root, g.comm);
    if (g.me == root) same(e, g.where("MPI_Gather int root " + std::to_string(root)), ints, want_ints);
    int got = kIntSentinel;
    MPI_Scatter(want_ints.data(), 1, MPI_INT, &got, 1, MPI_INT, root, g.comm);
    same_one(e, g.where("MPI_Scatter int root " + std::to_string(root)), got, ival(g.id(g.me), 3));
  }
  // Allgather: short (one int), medium and long (ring on every size)
  for (const int count : {1, 100, big(6000)}) {
    std::vector<double> mine(at(count)), all(at(n * count), kSentinel), want(at(n * count));
    for (int i = 0; i < count; ++i) mine[at(i)] = dval(g.id(g.me), i);
    for (int c = 0; c < n; ++c)
      for (int i = 0; i < count; ++i) want[at(c * count + i)] = dval(g.id(c), i);
    MPI_Allgather(mine.data(), count, MPI_DOUBLE, all.data(), count, MPI_DOUBLE, g.comm);
    same(e, g.where("MPI_Allgather double count " + std::to_string(count)), all, want);
  }
  {
    int v = ival(g.id(g.me), 1);
    std::vector<int> all(at(n), kIntSentinel), want(at(n));
    for (int c = 0; c < n; ++c) want[at(c)] = ival(g.id(c), 1);
    MPI_Allgather(&v, 1, MPI_INT, all.data(), 1, MPI_INT, g.comm);
    same(e, g.where("MPI_Allgather int"), all, want);
  }
  // Alltoall: short (Bruck at >= 8 ranks), medium (linear) and long (pairwise) blocks
  for (const int count : {1, 100, big(5000)}) {
    std::vector<double> to(at(n * count)), from(at(n * count), kSentinel), want(at(n * count));
    auto value = [&](int src, int dst, int i) { return g.id(src) * 1e7 + g.id(dst) * 1e4 + i; };
    for (int d = 0; d < n; ++d)
      for (int i = 0; i < count; ++i) to[at(d * count + i)] = value(g.me, d, i);
    for (int s = 0; s < n; ++s)
      for (int i = 0; i < count; ++i) want[at(s * count + i)] = value(s, g.me, i);
    MPI_Alltoall(to.data(), count, MPI_DOUBLE, from.data(), count, MPI_DOUBLE, g.comm);
    same(e, g.where("MPI_Alltoall double count " + std::to_string(count)), from, want);
  }
  {
    std::vector<int> to(at(n)), from(at(n), kIntSentinel), want(at(n));
    for (int d = 0; d < n; ++d) to[at(d)] = g.id(g.me) * 1000 + g.id(d);
    for (int s = 0; s < n; ++s) want[at(s)] = g.id(s) * 1000 + g.id(g.me);
    MPI_Alltoall(to.data(), 1, MPI_INT, from.data(), 1, MPI_INT, g.comm);
    same(e, g.where("MPI_Alltoall int"), from, want);
  }
}

// ---------------------------------------------------------------------------------------------
// Gatherv, scatterv, allgatherv, alltoallv: uneven counts with zeros, displacements in reverse
// rank order with gaps.

struct Layout {
  std::vector<int> counts, displs;
  int total = 0;  // buffer length, gaps included
};

// Blocks of counts[c] = ((c + 2) % 3) * scale (rank 1 contributes nothing), laid out from the last
// rank to the first with `gap` unused elements before each.
Layout reversed_layout(int n, int scale, int gap) {
  Layout l;
  l.counts.resize(at(n));
  l.displs.resize(at(n));
  int pos = 0;
  for (int c = n - 1; c >= 0; --c) {
    pos += gap;
    l.counts[at(c)] = ((c + 2) % 3) * scale;
    l.displs[at(c)] = pos;
    pos += l.counts[at(c)];
  }
  l.total = pos + gap;
  return l;
}

void vector_movement(const Group& g, Errors& e) {
  const int n = g.n();
  for (const int scale : {1, big(700)}) {
    const Layout l = reversed_layout(n, scale, 3);
    const std::string sc = " scale " + std::to_string(scale);
    // What the layout holds when every block c carries dval(id(c), i) + shift; gaps keep kSentinel.
    auto filled = [&](double shift) {
      std::vector<double> buf(at(l.total), kSentinel);
      for (int c = 0; c < n; ++c)
        for (int i = 0; i < l.counts[at(c)]; ++i) buf[at(l.displs[at(c)] + i)] = dval(g.id(c), i) + shift;
      return buf;
    };
    const int mine = l.counts[at(g.me)];
    for (const int root : roots_of(n)) {
      const std::string tag = sc + " root " + std::to_string(root);
      std::vector<double> send(at(mine) + 1, kSentinel);
      for (int i = 0; i < mine; ++i) send[at(i)] = dval(g.id(g.me), i);
      std::vector<double> recv(at(l.total), kSentinel);
      MPI_Gatherv(send.data(), mine, MPI_DOUBLE, recv.data(), l.counts.data(), l.displs.data(), MPI_DOUBLE, root,
                  g.comm);
      if (g.me == root) same(e, g.where("MPI_Gatherv" + tag), recv, filled(0));
      // Scatterv from the same layout; a receiver's buffer has 2 spare elements that stay untouched
      const std::vector<double> src = g.me == root ? filled(0.25) : std::vector<double>(1, kSentinel);
      std::vector<double> got(at(mine) + 2, kSentinel), want(at(mine) + 2, kSentinel);
      for (int i = 0; i < mine; ++i) want[at(i)] = dval(g.id(g.me), i) + 0.25;
      MPI_Scatterv(src.data(), l.counts.data(), l.displs.data(), MPI_DOUBLE, got.data(), mine, MPI_DOUBLE, root,
                   g.comm);
      same(e, g.where("MPI_Scatterv" + tag), got, want);
    }
    {
      std::vector<double> send(at(mine) + 1, kSentinel);
      for (int i = 0; i < mine; ++i) send[at(i)] = dval(g.id(g.me), i) + 0.5;
      std::vector<double> recv(at(l.total), kSentinel);
      MPI_Allgatherv(send.data(), mine, MPI_DOUBLE, recv.data(), l.counts.data(), l.displs.data(), MPI_DOUBLE, g.comm);
      same(e, g.where("MPI_Allgatherv" + sc), recv, filled(0.5));
    }
    // Alltoallv: c sends ((c + 2d) % 4) * scale elements to d (zeros included); send blocks in
    // reverse destination order with a gap of 1, receive blocks in source order with a gap of 2.
    auto amount = [&](int src, int dst) { return ((src + 2 * dst) % 4) * scale; };
    auto value = [&](int src, int dst, int i) { return g.id(src) * 1e7 + g.id(dst) * 1e4 + i; };
    std::vector<int> scounts(at(n)), sdispls(at(n)), rcounts(at(n)), rdispls(at(n));
    int spos = 0, rpos = 0;
    for (int d = n - 1; d >= 0; --d) {
      spos += 1;
      scounts[at(d)] = amount(g.me, d);
      sdispls[at(d)] = spos;
      spos += scounts[at(d)];
    }
    for (int s = 0; s < n; ++s) {
      rpos += 2;
      rcounts[at(s)] = amount(s, g.me);
      rdispls[at(s)] = rpos;
      rpos += rcounts[at(s)];
    }
    std::vector<double> send(at(spos) + 1, kSentinel), recv(at(rpos) + 2, kSentinel), want(at(rpos) + 2, kSentinel);
    for (int d = 0; d < n; ++d)
      for (int i = 0; i < scounts[at(d)]; ++i) send[at(sdispls[at(d)] + i)] = value(g.me, d, i);
    for (int s = 0; s < n; ++s)
      for (int i = 0; i < rcounts[at(s)]; ++i) want[at(rdispls[at(s)] + i)] = value(s, g.me, i);
    MPI_Alltoallv(send.data(), scounts.data(), sdispls.data(), MPI_DOUBLE, recv.data(), rcounts.data(), rdispls.data(),
                  MPI_DOUBLE, g.comm);
    same(e, g.where("MPI_Alltoallv" + sc), recv, want);
  }
}

// ---------------------------------------------------------------------------------------------
// Reductions with the predefined operations

template <class T>
using Combine = T (*)(T, T);

// Checks Allreduce, Reduce at each root, Scan and Reduce_scatter of `op` on `type` against a fold
// of `combine` in rank order over contribution(world_rank, i).
template <class T>
void check_op(const Group& g, Errors& e, const std::string& name, MPI_Op op, MPI_Datatype type, int count,
              const std::function<T(int, int)>& contribution, const std::function<T(T, T)>& combine,
              const std::function<bool(const T&, const T&)>& equal = {}, bool only_reduce_scatter = false) {
  const int n = g.n();
  std::vector<T> mine(at(count));
  for (int i = 0; i < count; ++i) mine[at(i)] = contribution(g.id(g.me), i);
  // Reduce_scatter's counts, spread unevenly over the ranks (some get none), and my block.
  std::vector<int> counts(at(n), 0);
  for (int i = 0; i < count; ++i) counts[at((i * 7 + 3) % n)]++;
  int before = 0;
  for (int c = 0; c < g.me; ++c) before += counts[at(c)];
  const int first = only_reduce_scatter ? before : 0;
  const int last = only_reduce_scatter ? before + counts[at(g.me)] : count;
  // The contributions of ranks 0..me and of every rank, combined in rank order (of the elements
  // [first, last) only; the others stay default).
  std::vector<T> running(at(count)), my_prefix, total;
  for (int c = 0; c < n; ++c) {
    for (int i = first; i < last; ++i) {
      const T v = contribution(g.id(c), i);
      running[at(i)] = c == 0 ? v : combine(running[at(i)], v);
    }
    if (c == g.me) my_prefix = running;
  }
  total = running;
  auto compare = [&](const std::string& what, std::vector<T> got, const std::vector<T>& want) {
    if (equal) {  // map equal-under-`equal` elements onto the expected ones before comparing
      for (std::size_t i = 0; i < got.size() && i < want.size(); ++i)
        if (equal(got[i], want[i])) got[i] = want[i];
    }
    same(e, g.where(what + " " + name + " count " + std::to_string(count)), got, want);
  };
  std::vector<T> out(at(count));
  if (!only_reduce_scatter) {
    MPI_Allreduce(mine.data(), out.data(), count, type, op, g.comm);
    compare("MPI_Allreduce", out, total);
    for (const int root : roots_of(n)) {
      std::vector<T> r(at(count));
      MPI_Reduce(mine.data(), r.data(), count, type, op, root, g.comm);
      if (g.me == root) compare("MPI_Reduce root " + std::to_string(root), r, total);
    }
    MPI_Scan(mine.data(), out.data(), count, type, op, g.comm);
    compare("MPI_Scan", out, my_prefix);
  }
  std::vector<T> part(at(counts[at(g.me)]) + 1), want_part(at(counts[at(g.me)]));
  for (int i = 0; i < counts[at(g.me)]; ++i) want_part[at(i)] = total[at(before + i)];
  MPI_Reduce_scatter(mine.data(), part.data(), counts.data(), type, op, g.comm);
  part.resize(want_part.size());
  compare("MPI_Reduce_scatter", part, want_part);
}

bool truth(int v) { return v != 0; }

void predefined_ops(const Group& g, Errors& e) {
  const int n = g.n();
  const int count = 6;
  // Integers in [-5, 5]; products of at most 12 factors in [-3, 3].
  const std::function<int(int, int)> small_int = [](int w, int i) { return (w * 7 + i * 3) % 11 - 5; };
  const std::function<int(int, int)> factor = [](int w, int i) {
    return ((w + i) % 3 + 1) * ((w + i) % 4 == 0 ? -1 : 1);
  };
  check_op<int>(g, e, "MPI_MAX int", MPI_MAX, MPI_INT, count, small_int, [](int a, int b) { return std::max(a, b); });
  check_op<int>(g, e, "MPI_MIN int", MPI_MIN, MPI_INT, count, small_int, [](int a, int b) { return std::min(a, b); });
  check_op<int>(g, e, "MPI_SUM int", MPI_SUM, MPI_INT, count, small_int, [](int a, int b) { return a + b; });
  check_op<int>(g, e, "MPI_PROD int", MPI_PROD, MPI_INT, count, factor, [](int a, int b) { return a * b; });
  // Doubles that add and multiply exactly in any order.
  const std::function<double(int, int)> small_double = [](int w, int i) { return ((w * 7 + i * 3) % 11 - 5) * 0.25; };
  const std::function<double(int, int)> dfactor = [](int w, int i) {
    return ((w + i) % 3 + 1) * 0.5 * ((w + i) % 4 == 0 ? -1 : 1);
  };
  check_op<double>(g, e, "MPI_MAX double", MPI_MAX, MPI_DOUBLE, count, small_double,
                   [](double a, double b) { return std::max(a, b); });
  check_op<double>(g, e, "MPI_MIN double", MPI_MIN, MPI_DOUBLE, count, small_double,
                   [](double a, double b) { return std::min(a, b); });
  check_op<double>(g, e, "MPI_SUM double", MPI_SUM, MPI_DOUBLE, count, small_double,
                   [](double a, double b) { return a + b; });
  check_op<double>(g, e, "MPI_PROD double", MPI_PROD, MPI_DOUBLE, count, dfactor,
                   [](double a, double b) { return a * b; });
  // Logical operations on ints: nonzero values other than 1, all-true, all-false and mixed columns.
  const std::function<int(int, int)> logical = [n, &g](int w, int i) {
    const int c = static_cast<int>(std::find(g.world.begin(), g.world.end(), w) - g.world.begin());
    switch (i) {
      case 0: return w + 2;                       // all true
      case 1: return c == n - 1 ? 0 : 2 * w + 3;  // false only at the last rank
      case 2: return 0;                           // all false
      case 3: return c == 0 ? 5 : 0;              // true only at the first rank
      case 4: return w % 2 ? w : 0;               // mixed
      default: return c % 3 == 1 ? -1 : 0;        // mixed, negative
    }
  };
  const std::function<bool(const int&, const int&)> same_truth = [](const int& a, const int& b) {
    return truth(a) == truth(b);
  };
  check_op<int>(
      g, e, "MPI_LAND int", MPI_LAND, MPI_INT, count, logical,
      [](int a, int b) { return static_cast<int>(truth(a) && truth(b)); }, same_truth);
  check_op<int>(
      g, e, "MPI_LOR int", MPI_LOR, MPI_INT, count, logical,
      [](int a, int b) { return static_cast<int>(truth(a) || truth(b)); }, same_truth);
  check_op<int>(
      g, e, "MPI_LXOR int", MPI_LXOR, MPI_INT, count, logical,
      [](int a, int b) { return static_cast<int>(truth(a) != truth(b)); }, same_truth);
  // Bitwise operations on unsigned
  const std::function<unsigned(int, int)> bits = [](int w, int i) {
    return (0x9E3779B9u * static_cast<unsigned>(w + 1)) ^ (static_cast<unsigned>(i) * 0x01010101u) ^ (1u << (w % 32));
  };
  check_op<unsigned>(g, e, "MPI_BAND unsigned", MPI_BAND, MPI_UNSIGNED, count, bits,
                     [](unsigned a, unsigned b) { return a & b; });
  check_op<unsigned>(g, e, "MPI_BOR unsigned", MPI_BOR, MPI_UNSIGNED, count, bits,
                     [](unsigned a, unsigned b) { return a | b; });
  check_op<unsigned>(g, e, "MPI_BXOR unsigned", MPI_BXOR, MPI_UNSIGNED, count, bits,
                     [](unsigned a, unsigned b) { return a ^ b; });
  // MAXLOC/MINLOC: values repeat every 3 ranks, and indices fall with the rank, so a tie must be
  // resolved by the lower index (the later rank), not by rank order.
  auto index_of = [&g](int w, int i) {
    const int c = static_cast<int>(std::find(g.world.begin(), g.world.end(), w) - g.world.begin());
    return 1000 - 10 * c + i;
  };
  const std::function<DoubleInt(int, int)> di = [index_of](int w, int i) {
    return DoubleInt{((w + i) % 3) * 1.5 - (i == 5 ? w : 0), index_of(w, i)};
  };
  const std::function<IntInt(int, int)> ii = [index_of](int w, int i) {
    return IntInt{(w * 2 + i) % 3 - (i == 5 ? w : 0), index_of(w, i)};
  };
  auto maxloc = [](auto a, auto b) {
    if (a.value != b.value) return a.value > b.value ? a : b;
    return a.index < b.index ? a : b;
  };
  auto minloc = [](auto a, auto b) {
    if (a.value != b.value) return a.value < b.value ? a : b;
    return a.index < b.index ? a : b;
  };
  check_op<DoubleInt>(g, e, "MPI_MAXLOC MPI_DOUBLE_INT", MPI_MAXLOC, MPI_DOUBLE_INT, count, di,
                      [maxloc](DoubleInt a, DoubleInt b) { return maxloc(a, b); });
  check_op<DoubleInt>(g, e, "MPI_MINLOC MPI_DOUBLE_INT", MPI_MINLOC, MPI_DOUBLE_INT, count, di,
                      [minloc](DoubleInt a, DoubleInt b) { return minloc(a, b); });
  check_op<IntInt>(g, e, "MPI_MAXLOC MPI_2INT", MPI_MAXLOC, MPI_2INT, count, ii,
                   [maxloc](IntInt a, IntInt b) { return maxloc(a, b); });
  check_op<IntInt>(g, e, "MPI_MINLOC MPI_2INT", MPI_MINLOC, MPI_2INT, count, ii,
                   [minloc](IntInt a, IntInt b) { return minloc(a, b); });
  // Single elements, and long vectors (Rabenseifner reduce/allreduce; pairwise reduce_scatter
  // once all blocks together pass 512 KiB).
  check_op<int>(g, e, "MPI_SUM int", MPI_SUM, MPI_INT, 1, small_int, [](int a, int b) { return a + b; });
  check_op<double>(g, e, "MPI_MAX double", MPI_MAX, MPI_DOUBLE, 1, small_double,
                   [](double a, double b) { return std::max(a, b); });
  const std::function<double(int, int)> large = [](int w, int i) { return w * 4096.0 + (i % 977) * 0.5 - 100; };
  check_op<double>(g, e, "MPI_SUM double", MPI_SUM, MPI_DOUBLE, big(5000), large,
                   [](double a, double b) { return a + b; });
  if (!g_compact)
    check_op<double>(
        g, e, "MPI_SUM double", MPI_SUM, MPI_DOUBLE, 70000, large, [](double a, double b) { return a + b; }, {},
        /*only_reduce_scatter=*/true);
  check_op<double>(g, e, "MPI_MIN double", MPI_MIN, MPI_DOUBLE, big(5000), large,
                   [](double a, double b) { return std::min(a, b); });
}

// ---------------------------------------------------------------------------------------------
// User-defined operations

constexpr int kMod = 10007;
Mat multiply(const Mat& x, const Mat& y) {
  return {(x.a * y.a + x.b * y.c) % kMod, (x.a * y.b + x.b * y.d) % kMod, (x.c * y.a + x.d * y.c) % kMod,
          (x.c * y.b + x.d * y.d) % kMod};
}
Mat matrix_of(int w, int i) { return {(w * 3 + i) % 7 + 2, (w + 2 * i) % 5 + 1, (w * w + i) % 4 + 1, (w + i) % 6 + 3}; }

int g_op_calls = 0;         // calls of the user functions (fibers share them)
int g_op_bad_datatype = 0;  // calls that were handed a predefined datatype instead of the user's

// inoutvec = invec (earlier ranks) * inoutvec (later ranks)
void matrix_product(void* invec, void* inoutvec, int* len, MPI_Datatype* type) {
  ++g_op_calls;
  if (*type < XO_FIRST_USER_DATATYPE) ++g_op_bad_datatype;
  const Mat* in = static_cast<const Mat*>(invec);
  Mat* inout = static_cast<Mat*>(inoutvec);
  for (int i = 0; i < *len; ++i) inout[i] = multiply(in[i], inout[i]);
}

void double_sum(void* invec, void* inoutvec, int* len, MPI_Datatype* type) {
  ++g_op_calls;
  if (*type != MPI_DOUBLE) ++g_op_bad_datatype;
  const double* in = static_cast<const double*>(invec);
  double* inout = static_cast<double*>(inoutvec);
  for (int i = 0; i < *len; ++i) inout[i] += in[i];
}

void user_ops(const Group& g, Errors& e) {
  MPI_Datatype mat_type;
  MPI_Type_contiguous(4, MPI_INT, &mat_type);
  MPI_Type_commit(&mat_type);
  MPI_Op product;
  MPI_Op_create(&matrix_product, 0, &product);
  for (const int count : {1, 3, big(600)}) {
    check_op<Mat>(g, e, "matrix product (non-commutative)", product, mat_type, count, matrix_of, multiply);
  }
  if (g.n() >= 2) {  // the check above is meaningful only if the order matters for these matrices
    Mat forward = matrix_of(g.id(0), 0), backward = matrix_of(g.id(g.n() - 1), 0);
    for (int c = 1; c < g.n(); ++c) forward = multiply(forward, matrix_of(g.id(c), 0));
    for (int c = g.n() - 2; c >= 0; --c) backward = multiply(backward, matrix_of(g.id(c), 0));
    if (forward == backward) e.push_back(g.where("test data: the matrix product does not depend on order"));
  }
  MPI_Op_free(&product);
  same_one(e, g.where("MPI_Op_free sets MPI_OP_NULL"), product, static_cast<MPI_Op>(MPI_OP_NULL));
  MPI_Type_free(&mat_type);

  MPI_Op sum;
  MPI_Op_create(&double_sum, 1, &sum);
  const std::function<double(int, int)> values = [](int w, int i) { return w * 64.0 + (i % 101) * 0.25; };
  for (const int count : {1, big(5000)}) {
    check_op<double>(g, e, "user sum (commutative)", sum, MPI_DOUBLE, count, values,
                     [](double a, double b) { return a + b; });
  }
  MPI_Op_free(&sum);
}

// ---------------------------------------------------------------------------------------------
// MPI_IN_PLACE

void in_place(const Group& g, Errors& e) {
  const int n = g.n();
  for (const int count : {1, big(5000)}) {
    const std::string tag = " count " + std::to_string(count);
    std::vector<double> buf(at(count)), total(at(count), 0);
    for (int i = 0; i < count; ++i) buf[at(i)] = dval(g.id(g.me), i);
    for (int c = 0; c < n; ++c)
      for (int i = 0; i < count; ++i) total[at(i)] += dval(g.id(c), i);
    MPI_Allreduce(MPI_IN_PLACE, buf.data(), count, MPI_DOUBLE, MPI_SUM, g.comm);
    same(e, g.where("MPI_Allreduce MPI_IN_PLACE SUM" + tag), buf, total);
    for (const int root : roots_of(n)) {
      std::vector<double> mine(at(count)), r(at(count), kSentinel);
      for (int i = 0; i < count; ++i) mine[at(i)] = dval(g.id(g.me), i);
      if (g.me == root) {
        MPI_Reduce(MPI_IN_PLACE, mine.data(), count, MPI_DOUBLE, MPI_SUM, root, g.comm);
        same(e, g.where("MPI_Reduce MPI_IN_PLACE SUM root " + std::to_string(root) + tag), mine, total);
      } else {
        MPI_Reduce(mine.data(), r.data(), count, MPI_DOUBLE, MPI_SUM, root, g.comm);
      }
    }
  }
  // Non-commutative reduce in place at a non-zero root: the root's part keeps its rank position.
  {
    MPI_Datatype mat_type;
    MPI_Type_contiguous(4, MPI_INT, &mat_type);
    MPI_Type_commit(&mat_type);
    MPI_Op product;
    MPI_Op_create(&matrix_product, 0, &product);
    const int count = 2;
    std::vector<Mat> total(at(count));
    for (int i = 0; i < count; ++i) {
      total[at(i)] = matrix_of(g.id(0), i);
      for (int c = 1; c < n; ++c) total[at(i)] = multiply(total[at(i)], matrix_of(g.id(c), i));
    }
    for (const int root : roots_of(n)) {
      std::vector<Mat> mine(at(count)), r(at(count));
      for (int i = 0; i < count; ++i) mine[at(i)] = matrix_of(g.id(g.me), i);
      MPI_Reduce(g.me == root ? MPI_IN_PLACE : mine.data(), g.me == root ? mine.data() : r.data(), count, mat_type,
                 product, root, g.comm);
      if (g.me == root)
        same(e, g.where("MPI_Reduce MPI_IN_PLACE matrix product root " + std::to_string(root)), mine, total);
    }
    std::vector<Mat> all(at(count));
    for (int i = 0; i < count; ++i) all[at(i)] = matrix_of(g.id(g.me), i);
    MPI_Allreduce(MPI_IN_PLACE, all.data(), count, mat_type, product, g.comm);
    same(e, g.where("MPI_Allreduce MPI_IN_PLACE matrix product"), all, total);
    MPI_Op_free(&product);
    MPI_Type_free(&mat_type);
  }
  {
    int v = g.id(g.me) * 3 + 1, want = 0;
    for (int c = 0; c < n; ++c) want = std::max(want, g.id(c) * 3 + 1);
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_MAX, g.comm);
    same_one(e, g.where("MPI_Allreduce MPI_IN_PLACE MAX int"), v, want);
  }
  for (const int count : {1, big(1000)}) {
    const std::string tag = " count " + std::to_string(count);
    std::vector<double> want(at(n * count));
    for (int c = 0; c < n; ++c)
      for (int i = 0; i < count; ++i) want[at(c * count + i)] = dval(g.id(c), i);
    for (const int root : roots_of(n)) {
      // Gather at the root: its own block is already in place
      std::vector<double> all(at(n * count), kSentinel), mine(at(count));
      for (int i = 0; i < count; ++i) mine[at(i)] = dval(g.id(g.me), i);
      if (g.me == root) {
        for (int i = 0; i < count; ++i) all[at(root * count + i)] = mine[at(i)];
        MPI_Gather(MPI_IN_PLACE, count, MPI_DOUBLE, all.data(), count, MPI_DOUBLE, root, g.comm);
        same(e, g.where("MPI_Gather MPI_IN_PLACE root " + std::to_string(root) + tag), all, want);
      } else {
        MPI_Gather(mine.data(), count, MPI_DOUBLE, nullptr, count, MPI_DOUBLE, root, g.comm);
      }
      // Scatter at the root: its block stays where it is, and its buffer is not changed
      std::vector<double> got(at(count), kSentinel), src = want;
      if (g.me == root) {
        MPI_Scatter(src.data(), count, MPI_DOUBLE, MPI_IN_PLACE, count, MPI_DOUBLE, root, g.comm);
        same(e, g.where("MPI_Scatter MPI_IN_PLACE root keeps its buffer root " + std::to_string(root) + tag), src,
             want);
      } else {
        MPI_Scatter(nullptr, count, MPI_DOUBLE, got.data(), count, MPI_DOUBLE, root, g.comm);
        same(e, g.where("MPI_Scatter MPI_IN_PLACE (receiver) root " + std::to_string(root) + tag), got, mine);
      }
    }
    // Allgather: every rank's block already in place
    std::vector<double> all(at(n * count), kSentinel);
    for (int i = 0; i < count; ++i) all[at(g.me * count + i)] = dval(g.id(g.me), i);
    MPI_Allgather(MPI_IN_PLACE, count, MPI_DOUBLE, all.data(), count, MPI_DOUBLE, g.comm);
    same(e, g.where("MPI_Allgather MPI_IN_PLACE" + tag), all, want);
  }
}

// ---------------------------------------------------------------------------------------------
// Derived datatypes: every second double (MPI_Type_vector, stride 2) as send or receive type

// A buffer for `count` vectors of `k` doubles at stride 2, the elements holding value(j) (j-th
// element overall) and everything else `hole`.
std::vector<double> strided(int count, int k, double hole, const std::function<double(int)>& value) {
  const int extent = 2 * k - 1;
  std::vector<double> buf(at(count * extent), hole);
  for (int v = 0; v < count; ++v)
    for (int j = 0; j < k; ++j) buf[at(v * extent + 2 * j)] = value(v * k + j);
  return buf;
}

void derived_datatypes(const Group& g, Errors& e) {
  const int n = g.n();
  for (const int k : {1, 7, big(5000)}) {
    MPI_Datatype vec;
    MPI_Type_vector(k, 1, 2, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    const std::string tag = " vector(" + std::to_string(k) + ",1,2)";
    for (const int root : roots_of(n)) {
      const std::string rt = tag + " root " + std::to_string(root);
      auto of = [&g](int c) { return std::function<double(int)>([&g, c](int j) { return dval(g.id(c), j); }); };
      // Bcast with the vector type at every rank: the holes stay untouched
      {
        std::vector<double> buf = strided(
            1, k, kSentinel, g.me == root ? of(root) : std::function<double(int)>([](int) { return kSentinel; }));
        MPI_Bcast(buf.data(), 1, vec, root, g.comm);
        same(e, g.where("MPI_Bcast" + rt), buf, strided(1, k, kSentinel, of(root)));
      }
      // Bcast: the root sends one vector, the others receive k contiguous doubles
      {
        std::vector<double> buf =
            g.me == root ? strided(1, k, kSentinel, of(root)) : std::vector<double>(at(k), kSentinel);
        MPI_Bcast(buf.data(), g.me == root ? 1 : k, g.me == root ? vec : MPI_DOUBLE, root, g.comm);
        std::vector<double> want(at(k));
        for (int j = 0; j < k; ++j) want[at(j)] = dval(g.id(root), j);
        if (g.me != root) same(e, g.where("MPI_Bcast vector to contiguous" + rt), buf, want);
      }
      // Gather: send one vector, the root receives k contiguous doubles per rank
      {
        const std::vector<double> send = strided(1, k, kSentinel, of(g.me));
        std::vector<double> all(at(n * k), kSentinel), want(at(n * k));
        for (int c = 0; c < n; ++c)
          for (int j = 0; j < k; ++j) want[at(c * k + j)] = dval(g.id(c), j);
        MPI_Gather(send.data(), 1, vec, all.data(), k, MPI_DOUBLE, root, g.comm);
        if (g.me == root) same(e, g.where("MPI_Gather send vector" + rt), all, want);
      }
      // Gather: send k contiguous doubles, the root receives one vector per rank (blocks one extent apart)
      {
        std::vector<double> send(at(k));
        for (int j = 0; j < k; ++j) send[at(j)] = dval(g.id(g.me), j);
        std::vector<double> all(at(n * (2 * k - 1)), kSentinel);
        MPI_Gather(send.data(), k, MPI_DOUBLE, all.data(), 1, vec, root, g.comm);
        if (g.me == root)
          same(e, g.where("MPI_Gather receive vector" + rt), all,
               strided(n, k, kSentinel, [&](int j) { return dval(g.id(j / k), j % k); }));
      }
      // Scatter: the root sends one vector per rank, each receives k contiguous doubles
      {
        const std::vector<double> src =
            strided(n, k, kSentinel, [&](int j) { return dval(g.id(j / k), j % k) + 0.25; });
        std::vector<double> got(at(k), kSentinel), want(at(k));
        for (int j = 0; j < k; ++j) want[at(j)] = dval(g.id(g.me), j) + 0.25;
        MPI_Scatter(src.data(), 1, vec, got.data(), k, MPI_DOUBLE, root, g.comm);
        same(e, g.where("MPI_Scatter send vector" + rt), got, want);
      }
      // Reduce with the vector type on both sides
      {
        const std::vector<double> send = strided(1, k, kSentinel, of(g.me));
        std::vector<double> r(at(2 * k - 1), kSentinel);
        MPI_Reduce(send.data(), r.data(), 1, vec, MPI_SUM, root, g.comm);
        if (g.me == root)
          same(e, g.where("MPI_Reduce SUM vector" + rt), r, strided(1, k, kSentinel, [&](int j) {
                 double s = 0;
                 for (int c = 0; c < n; ++c) s += dval(g.id(c), j);
                 return s;
               }));
      }
    }
    // Allgather: send k contiguous doubles, receive one vector per rank
    {
      std::vector<double> send(at(k));
      for (int j = 0; j < k; ++j) send[at(j)] = dval(g.id(g.me), j);
      std::vector<double> all(at(n * (2 * k - 1)), kSentinel);
      MPI_Allgather(send.data(), k, MPI_DOUBLE, all.data(), 1, vec, g.comm);
      same(e, g.where("MPI_Allgather receive vector" + tag), all,
           strided(n, k, kSentinel, [&](int j) { return dval(g.id(j / k), j % k); }));
    }
    // Allreduce SUM with the vector type for send and receive: holes untouched
    {
      const std::vector<double> send = strided(1, k, kSentinel, [&](int j) { return dval(g.id(g.me), j); });
      std::vector<double> r(at(2 * k - 1), kSentinel);
      MPI_Allreduce(send.data(), r.data(), 1, vec, MPI_SUM, g.comm);
      same(e, g.where("MPI_Allreduce SUM" + tag), r, strided(1, k, kSentinel, [&](int j) {
             double s = 0;
             for (int c = 0; c < n; ++c) s += dval(g.id(c), j);
             return s;
           }));
    }
    MPI_Type_free(&vec);
  }
  // Many short vectors: count 2500 (compact: 625) of vector(2,1,2) (extent 3 doubles), so that the reduction is
  // long enough to be split among the ranks.
  MPI_Datatype pair;
  MPI_Type_vector(2, 1, 2, MPI_DOUBLE, &pair);
  MPI_Type_commit(&pair);
  const int count = big(2500);
  auto want_sum = [&](int j) {
    double s = 0;
    for (int c = 0; c < n; ++c) s += dval(g.id(c), j);
    return s;
  };
  const std::vector<double> send = strided(count, 2, kSentinel, [&](int j) { return dval(g.id(g.me), j); });
  std::vector<double> r(send.size(), kSentinel);
  MPI_Allreduce(send.data(), r.data(), count, pair, MPI_SUM, g.comm);
  same(e, g.where("MPI_Allreduce SUM " + std::to_string(count) + " x vector(2,1,2)"), r,
       strided(count, 2, kSentinel, want_sum));
  for (const int root : roots_of(n)) {
    std::vector<double> rr(send.size(), kSentinel);
    MPI_Reduce(send.data(), rr.data(), count, pair, MPI_SUM, root, g.comm);
    if (g.me == root)
      same(e, g.where("MPI_Reduce SUM " + std::to_string(count) + " x vector(2,1,2) root " + std::to_string(root)), rr,
           strided(count, 2, kSentinel, want_sum));
  }
  MPI_Type_free(&pair);
}

// ---------------------------------------------------------------------------------------------
// Running programs and collecting what every rank saw

using Suite = void (*)(const Group&, Errors&);

struct NamedSuite {
  const char* name;
  Suite suite;
};
const NamedSuite kSuites[] = {
    {"barrier_and_bcast", barrier_and_bcast},
    {"regular_movement", regular_movement},
    {"vector_movement", vector_movement},
    {"predefined_ops", predefined_ops},
    {"user_ops", user_ops},
    {"in_place", in_place},
    {"derived_datatypes", derived_datatypes},
};

// Runs body(rank, errors of that rank) on `n` ranks of `machine` and reports every rank's errors.
void run_checked(const std::string& machine, int n, const Env& env, const std::function<void(int, Errors&)>& body,
                 const std::string& context = {}) {
  std::vector<Errors> errors(at(n));
  g_op_calls = 0;
  g_op_bad_datatype = 0;
  const auto run = xo::test::run_on(machine, n, env, [&](int rank) { body(rank, errors[at(rank)]); });
  EXPECT_EQ(run.result.exit_code, 0) << context << run.result.error;
  EXPECT_TRUE(run.result.error.empty()) << context << run.result.error;
  EXPECT_EQ(g_op_bad_datatype, 0) << context << "user functions handed a predefined datatype instead of the call's";
  for (int r = 0; r < n; ++r) {
    const Errors& list = errors[at(r)];
    for (std::size_t i = 0; i < list.size() && i < 12; ++i)
      ADD_FAILURE() << context << machine << " " << n << " ranks, rank " << r << ": " << list[i];
    if (list.size() > 12) ADD_FAILURE() << context << "rank " << r << ": " << list.size() - 12 << " more";
  }
}

// The world as a Group.
Group world_group(int rank, int n, std::vector<int>* barrier_counts) {
  Group g;
  g.comm = MPI_COMM_WORLD;
  g.me = rank;
  for (int r = 0; r < n; ++r) g.world.push_back(r);
  g.barrier_counts = barrier_counts;
  g.label = "world";
  return g;
}

// MPI_Comm_split(color, key) as a Group, its members ordered here by (key, world rank).
Group split_group(int rank, int n, int color, const std::function<int(int)>& color_of,
                  const std::function<int(int)>& key_of, std::vector<int>* barrier_counts, const std::string& label) {
  Group g;
  MPI_Comm_split(MPI_COMM_WORLD, color, key_of(rank), &g.comm);
  std::vector<std::pair<int, int>> members;
  for (int r = 0; r < n; ++r)
    if (color_of(r) == color) members.emplace_back(key_of(r), r);
  std::sort(members.begin(), members.end());
  for (const auto& m : members) g.world.push_back(m.second);
  g.me = static_cast<int>(std::find(g.world.begin(), g.world.end(), rank) - g.world.begin());
  g.barrier_counts = barrier_counts;
  g.label = label + " color " + std::to_string(color);
  return g;
}

// Every suite on the world, then on a split communicator (even/odd ranks, reversed keys), where
// the whole-machine algorithms cannot serve and must fall back.
void all_suites(const std::string& machine, int n, const Env& env, const std::string& context) {
  std::vector<int> world_counts(3, 0);
  std::map<int, std::vector<int>> split_counts;
  for (int color = 0; color < 2; ++color) split_counts[color] = std::vector<int>(3, 0);
  run_checked(
      machine, n, env,
      [&](int rank, Errors& e) {
        const Group world = world_group(rank, n, &world_counts);
        for (const auto& s : kSuites) s.suite(world, e);
        const auto parity = [](int r) { return r % 2; };
        const auto reversed = [](int r) { return -r; };
        Group halves =
            split_group(rank, n, parity(rank), parity, reversed, &split_counts[parity(rank)], "split(rank%2, -rank)");
        same_one(
            e, halves.where("MPI_Comm_rank"),
            [&] {
              int r = -1;
              MPI_Comm_rank(halves.comm, &r);
              return r;
            }(),
            halves.me);
        for (const auto& s : kSuites) s.suite(halves, e);
        MPI_Comm_free(&halves.comm);
      },
      context);
}

// ---------------------------------------------------------------------------------------------
// Every machine, several sizes, one suite per test

const std::string kMachines[] = {"loggp", "ap1000", "t3d", "t3e", "x1", "power4", "sx6", "xt3", "xe6"};

class EveryMachine : public ::testing::TestWithParam<std::tuple<std::string, int>> {
 protected:
  void run_world(Suite suite) {
    const auto [machine, n] = GetParam();
    std::vector<int> counts(3, 0);
    run_checked(machine, n, {}, [&, n = n](int rank, Errors& e) { suite(world_group(rank, n, &counts), e); });
  }
  void run_split(const std::function<int(int)>& color_of, const std::function<int(int)>& key_of,
                 const std::string& label) {
    const auto [machine, n] = GetParam();
    std::map<int, std::vector<int>> counts;
    for (int r = 0; r < n; ++r) counts[color_of(r)] = std::vector<int>(3, 0);
    run_checked(machine, n, {}, [&, n = n](int rank, Errors& e) {
      Group g = split_group(rank, n, color_of(rank), color_of, key_of, &counts[color_of(rank)], label);
      int r = -1, size = -1;
      MPI_Comm_rank(g.comm, &r);
      MPI_Comm_size(g.comm, &size);
      same_one(e, g.where("MPI_Comm_rank"), r, g.me);
      same_one(e, g.where("MPI_Comm_size"), size, g.n());
      for (const auto& s : kSuites) s.suite(g, e);
      MPI_Comm_free(&g.comm);
    });
  }
};

TEST_P(EveryMachine, BarrierAndBcast) { run_world(barrier_and_bcast); }
TEST_P(EveryMachine, GatherScatterAllgatherAlltoall) { run_world(regular_movement); }
TEST_P(EveryMachine, VectorVariantsWithUnevenCountsAndGaps) { run_world(vector_movement); }
TEST_P(EveryMachine, EveryPredefinedOp) { run_world(predefined_ops); }
TEST_P(EveryMachine, UserOpsCommutativeAndNot) { run_world(user_ops); }
TEST_P(EveryMachine, InPlace) { run_world(in_place); }
TEST_P(EveryMachine, DerivedDatatypes) { run_world(derived_datatypes); }
TEST_P(EveryMachine, SplitEvenOddReversedKeys) {
  run_split([](int r) { return r % 2; }, [](int r) { return -r; }, "split(rank%2, -rank)");
}
TEST_P(EveryMachine, SplitThirdsScrambledKeys) {
  run_split([](int r) { return r % 3; }, [](int r) { return (r * 7) % 5; }, "split(rank%3, rank*7%5)");
}
TEST_P(EveryMachine, SplitLowHighHalves) {
  const int n = std::get<1>(GetParam());
  run_split([n](int r) { return r < (n + 1) / 2 ? 0 : 1; }, [](int) { return 0; }, "split(low/high, 0)");
}

INSTANTIATE_TEST_SUITE_P(Machines, EveryMachine,
                         ::testing::Combine(::testing::ValuesIn(kMachines), ::testing::Values(1, 2, 5, 8, 12)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_" + std::to_string(std::get<1>(info.param)) + "ranks";
                         });

// ---------------------------------------------------------------------------------------------
// Every algorithm a knob can force, on loggp (algorithms that cannot serve a call fall back)

struct Forced {
  std::string machine;
  int ranks;
  Env env;
  std::string name;
};

std::string identifier(std::string s) {
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

// Every choice of every XO_COLL_* knob `machine` has, alone, at 5 and 8 ranks; and k-ary trees
// with several branching factors.
std::vector<Forced> forced_cases(const std::string& name) {
  std::vector<Forced> cases;
  const auto machine = xo::hw::builtin_machines().create(name);
  std::map<std::string, std::vector<std::string>> choices;
  for (const auto& var : machine->env_vars()) {
    if (var.name.rfind("XO_COLL_", 0) != 0) continue;
    choices[var.name] = machine->env_choices(var);
  }
  for (const int ranks : {5, 8}) {
    for (const auto& [var, list] : choices) {
      for (const auto& choice : list) {
        if (choice == "auto") continue;
        cases.push_back(
            {name, ranks, {{var, choice}}, identifier(var + "_" + choice) + "_" + std::to_string(ranks) + "ranks"});
      }
    }
    // Branching factors of the k-ary trees (only the knobs that are present and offer kary_tree).
    if (choices.count("XO_COLL_BRANCHING")) {
      for (const int b : {3, 4, 7}) {
        Env env{{"XO_COLL_BRANCHING", std::to_string(b)}};
        for (const char* var : {"XO_COLL_BARRIER", "XO_COLL_BCAST", "XO_COLL_REDUCE"}) {
          const auto it = choices.find(var);
          if (it != choices.end() && std::find(it->second.begin(), it->second.end(), "kary_tree") != it->second.end())
            env[var] = "kary_tree";
        }
        cases.push_back(
            {name, ranks, env, "kary_tree_branching_" + std::to_string(b) + "_" + std::to_string(ranks) + "ranks"});
      }
    }
  }
  return cases;
}

class ForcedAlgorithm : public ::testing::TestWithParam<Forced> {};

TEST_P(ForcedAlgorithm, EveryCollectiveStillComputesTheSame) {
  const Forced& f = GetParam();
  std::string context;
  for (const auto& [k, v] : f.env) context += k + "=" + v + " ";
  g_compact = true;
  all_suites(f.machine, f.ranks, f.env, context);
  g_compact = false;
}

INSTANTIATE_TEST_SUITE_P(Loggp, ForcedAlgorithm, ::testing::ValuesIn(forced_cases("loggp")),
                         [](const auto& info) { return info.param.name; });
// The machines with collective hardware, where the hardware algorithms can serve whole-machine
// calls (and must fall back on the split communicator).
INSTANTIATE_TEST_SUITE_P(Ap1000, ForcedAlgorithm, ::testing::ValuesIn(forced_cases("ap1000")),
                         [](const auto& info) { return info.param.name; });
INSTANTIATE_TEST_SUITE_P(X1, ForcedAlgorithm, ::testing::ValuesIn(forced_cases("x1")),
                         [](const auto& info) { return info.param.name; });

// The sweep above iterates the knobs the machine lists; an empty list must not pass silently.
TEST(ForcedAlgorithmTable, LoggpOffersTheCollectiveKnobs) {
  const auto machine = xo::hw::builtin_machines().create("loggp");
  int knobs = 0;
  for (const auto& var : machine->env_vars())
    if (var.name.rfind("XO_COLL_", 0) == 0) ++knobs;
  EXPECT_GE(knobs, 14);
}

}  // namespace
