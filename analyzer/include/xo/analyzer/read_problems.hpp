#pragma once
// What was wrong with an archive that could still be read: counts by kind and the first few
// described. None of these stops reading. Damage (damage()) means the figures cannot be trusted:
// files that differ from what their writer recorded, time running backwards, calls and collectives
// that contradict each other. Unmatched messages and calls left open are no damage: a run cut short
// leaves them, and so does a program that never receives what it sent; nor are MPI events of
// threads, which the model leaves out. A complete trace Crossover wrote has none of these.

#include <cstdint>
#include <string>
#include <vector>

namespace xo::analyzer {

struct ReadProblems {
  std::uint64_t events_out_of_order = 0;  // an event earlier than the one before it on its location
  std::uint64_t unmatched_leaves = 0;     // a Leave without an open Enter, or of another region
  std::uint64_t calls_left_open = 0;      // an Enter never left
  std::uint64_t unmatched_sends = 0;
  std::uint64_t unmatched_receives = 0;
  std::uint64_t bad_references = 0;    // an event naming an undefined region or communicator, or a rank it lacks
  std::uint64_t misplaced_events = 0;  // an MpiCollectiveEnd without its Begin, an MpiIrecv without its request ...
  // MPI events on a location that is not an MPI rank: a thread of a program that calls MPI from
  // several (MPI_THREAD_MULTIPLE, as Score-P records it). Ignored, and no damage.
  std::uint64_t events_off_ranks = 0;
  std::uint64_t inconsistent_collectives = 0;  // members of one instance disagree on operation, root or blocking
  std::uint64_t changed_files = 0;             // a file whose digest differs from the one its writer recorded
  std::uint64_t event_count_mismatches = 0;    // a location with more events than its definition announces
  // No problem: message ends whose other end the trace filter left out (a rank, a call, a time;
  // xo record --trace-*), unmatched as they must be. Not in total().
  std::uint64_t ends_outside_trace = 0;
  std::vector<std::string> examples;  // the first few, described
  std::string first_damage;           // the first damage, described

  // Adds another reader's counts, and its examples while there is room for them.
  void add(const ReadProblems& other, std::size_t most_examples) {
    events_out_of_order += other.events_out_of_order;
    unmatched_leaves += other.unmatched_leaves;
    calls_left_open += other.calls_left_open;
    unmatched_sends += other.unmatched_sends;
    unmatched_receives += other.unmatched_receives;
    bad_references += other.bad_references;
    misplaced_events += other.misplaced_events;
    events_off_ranks += other.events_off_ranks;
    inconsistent_collectives += other.inconsistent_collectives;
    changed_files += other.changed_files;
    event_count_mismatches += other.event_count_mismatches;
    ends_outside_trace += other.ends_outside_trace;
    if (first_damage.empty()) first_damage = other.first_damage;
    for (const std::string& e : other.examples) {
      if (examples.size() < most_examples) examples.push_back(e);
    }
  }

  std::uint64_t total() const {
    return damage() + calls_left_open + unmatched_sends + unmatched_receives + events_off_ranks;
  }

  static bool is_damage(std::uint64_t ReadProblems::*counter) {
    return counter != &ReadProblems::calls_left_open && counter != &ReadProblems::unmatched_sends &&
           counter != &ReadProblems::unmatched_receives && counter != &ReadProblems::events_off_ranks;
  }

  std::uint64_t damage() const {
    return changed_files + event_count_mismatches + events_out_of_order + unmatched_leaves + bad_references +
           misplaced_events + inconsistent_collectives;
  }
};

}  // namespace xo::analyzer
