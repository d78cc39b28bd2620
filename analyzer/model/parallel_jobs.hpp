#pragma once
// Runs independent jobs on a few threads: the steps of reading a trace that split into parts
// (columns of a table, halves of a sort) do so through this, so that each step stays a plain loop.

#include <functional>
#include <vector>

namespace xo::analyzer {

// Runs each job once on up to `threads` threads, the calling thread among them; a thread takes the
// next job not yet taken, so give the longest first. Returns when all are done; if any threw, the
// exception of the first of them in job order is rethrown.
void run_jobs(unsigned threads, const std::vector<std::function<void()>>& jobs);

}  // namespace xo::analyzer
