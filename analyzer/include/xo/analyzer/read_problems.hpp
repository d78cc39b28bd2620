#pragma once
// What was wrong with an archive that could still be read: counts by kind and the first few
// described. None of these stops reading; a trace Crossover wrote has none.

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
  std::uint64_t misplaced_events = 0;  // MPI events outside rank locations, an MpiCollectiveEnd without its Begin ...
  std::uint64_t inconsistent_collectives = 0;  // members of one instance disagree on operation, root or blocking
  std::vector<std::string> examples;           // the first few, described

  // Adds another reader's counts, and its examples while there is room for them.
  void add(const ReadProblems& other, std::size_t most_examples) {
    events_out_of_order += other.events_out_of_order;
    unmatched_leaves += other.unmatched_leaves;
    calls_left_open += other.calls_left_open;
    unmatched_sends += other.unmatched_sends;
    unmatched_receives += other.unmatched_receives;
    bad_references += other.bad_references;
    misplaced_events += other.misplaced_events;
    inconsistent_collectives += other.inconsistent_collectives;
    for (const std::string& e : other.examples) {
      if (examples.size() < most_examples) examples.push_back(e);
    }
  }

  std::uint64_t total() const {
    return events_out_of_order + unmatched_leaves + calls_left_open + unmatched_sends + unmatched_receives +
           bad_references + misplaced_events + inconsistent_collectives;
  }
};

}  // namespace xo::analyzer
