#pragma once
// Counts the problems of a readable archive into ReadProblems and keeps the first few described.
// The description is made only when it will be kept, so counting stays cheap.

#include <cstdint>
#include <string>

#include "xo/analyzer/read_problems.hpp"

namespace xo::analyzer {

class ProblemLog {
 public:
  static constexpr std::size_t kExamples = 10;

  explicit ProblemLog(ReadProblems& problems) : problems_(problems) {}

  template <class Describe>
  void add(std::uint64_t ReadProblems::*counter, const Describe& describe) {
    ++(problems_.*counter);
    const bool first_damage = problems_.first_damage.empty() && ReadProblems::is_damage(counter);
    if (problems_.examples.size() < kExamples || first_damage) {
      std::string described = describe();
      if (first_damage) problems_.first_damage = described;
      if (problems_.examples.size() < kExamples) problems_.examples.push_back(std::move(described));
    }
  }

  // Counts what is no problem and needs no example.
  void count(std::uint64_t ReadProblems::*counter) { ++(problems_.*counter); }

 private:
  ReadProblems& problems_;
};

}  // namespace xo::analyzer
