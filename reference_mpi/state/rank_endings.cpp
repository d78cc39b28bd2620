#include "xo/mpi/state/rank_endings.hpp"

#include <sstream>

namespace xo::mpi {

namespace {

bool unfinalized(const RankEnd& end) { return end.initialized && !end.finalized; }

}  // namespace

void RankEndings::add(const RankEnd& end) {
  if (end.code != 0 || unfinalized(end)) ends_.push_back(end);
}

int RankEndings::exit_code() const {
  for (const RankEnd& end : ends_) {
    if (end.code != 0) return end.code;
  }
  return ends_.empty() ? 0 : 1;
}

std::string RankEndings::describe(const RankEnd& end) {
  std::ostringstream out;
  out << "rank " << end.rank << (end.called_exit ? " called exit(" : " returned ") << end.code
      << (end.called_exit ? ")" : " from main");
  if (!end.initialized) {
    out << " before calling MPI_Init";
  } else if (end.finalized) {
    out << " after MPI_Finalize";
  } else if (end.last_call != nullptr) {
    out << " after " << end.last_call;
  }
  out << ", at t=" << sim::time_to_seconds(end.time) * 1e6 << " us";
  if (unfinalized(end)) out << ", without calling MPI_Finalize; call MPI_Finalize before the program ends";
  return out.str();
}

std::string RankEndings::message() const {
  constexpr std::size_t kDescribed = 4;  // then only their ranks: a thousand ranks must not print a thousand lines
  constexpr std::size_t kListed = 16;
  std::ostringstream out;
  for (std::size_t i = 0; i < ends_.size() && i < kDescribed; ++i) out << (i > 0 ? "\n" : "") << describe(ends_[i]);
  if (ends_.size() <= kDescribed) return out.str();
  out << "\n(and " << ends_.size() - kDescribed << " more ranks ended early:";
  for (std::size_t i = kDescribed; i < ends_.size() && i < kDescribed + kListed; ++i) out << " " << ends_[i].rank;
  if (ends_.size() > kDescribed + kListed) out << " ...";
  out << ")";
  return out.str();
}

}  // namespace xo::mpi
