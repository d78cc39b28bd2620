#pragma once
// Two trace models read from one archive (on other thread counts, or by other decoders) must be
// the same row for row: calls, phases, messages, collectives, one-sided synchronisation, problems
// and location kinds.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "xo/analyzer/trace_model.hpp"

namespace xo::test {

// Equal bit for bit, so that NaN (a blocking send's completion) equals NaN.
template <class T>
void expect_same(const std::vector<T>& a, const std::vector<T>& b, const char* column) {
  ASSERT_EQ(a.size(), b.size()) << column;
  if (!a.empty()) {
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(T)), 0) << column;
  }
}

template <class T>
void expect_same(const analyzer::SparseColumn<T>& a, const analyzer::SparseColumn<T>& b, const char* column) {
  EXPECT_EQ(a.size(), b.size()) << column;
  expect_same(a.bits(), b.bits(), column);
  expect_same(a.stored_values(), b.stored_values(), column);
}

template <class Wide, class Narrow>
void expect_same(const analyzer::NarrowColumn<Wide, Narrow>& a, const analyzer::NarrowColumn<Wide, Narrow>& b,
                 const char* column) {
  expect_same(a.narrow(), b.narrow(), column);
  expect_same(a.apart_rows(), b.apart_rows(), column);
  expect_same(a.apart_values(), b.apart_values(), column);
}

template <class T>
void expect_same(const analyzer::RunColumn<T>& a, const analyzer::RunColumn<T>& b, const char* column) {
  EXPECT_EQ(a.size(), b.size()) << column;
  expect_same(a.run_firsts(), b.run_firsts(), column);
  expect_same(a.run_values(), b.run_values(), column);
}

inline void expect_same_model(const analyzer::TraceModel& a, const analyzer::TraceModel& b) {
  EXPECT_EQ(a.events, b.events);
  expect_same(a.locations.kind, b.locations.kind, "locations.kind");
  expect_same(a.calls.region, b.calls.region, "calls.region");
  expect_same(a.calls.depth, b.calls.depth, "calls.depth");
  expect_same(a.calls.enter, b.calls.enter, "calls.enter");
  expect_same(a.calls.leave, b.calls.leave, "calls.leave");
  expect_same(a.calls.site, b.calls.site, "calls.site");
  expect_same(a.calls.first_of_rank, b.calls.first_of_rank, "calls.first_of_rank");
  expect_same(a.phases.region, b.phases.region, "phases.region");
  expect_same(a.phases.location, b.phases.location, "phases.location");
  expect_same(a.phases.lane, b.phases.lane, "phases.lane");
  expect_same(a.phases.start, b.phases.start, "phases.start");
  expect_same(a.phases.end, b.phases.end, "phases.end");
  expect_same(a.phases.protocol, b.phases.protocol, "phases.protocol");
  expect_same(a.phases.bytes, b.phases.bytes, "phases.bytes");
  expect_same(a.phases.peer, b.phases.peer, "phases.peer");
  expect_same(a.messages.sender, b.messages.sender, "messages.sender");
  expect_same(a.messages.receiver, b.messages.receiver, "messages.receiver");
  expect_same(a.messages.communicator, b.messages.communicator, "messages.communicator");
  expect_same(a.messages.tag, b.messages.tag, "messages.tag");
  expect_same(a.messages.bytes, b.messages.bytes, "messages.bytes");
  expect_same(a.messages.protocol, b.messages.protocol, "messages.protocol");
  expect_same(a.messages.receive_time, b.messages.receive_time, "messages.receive_time");
  expect_same(a.messages.send_time, b.messages.send_time, "messages.send_time");
  expect_same(a.messages.send_call, b.messages.send_call, "messages.send_call");
  expect_same(a.messages.send_complete_call, b.messages.send_complete_call, "messages.send_complete_call");
  expect_same(a.messages.send_buffer_free, b.messages.send_buffer_free, "messages.send_buffer_free");
  expect_same(a.messages.receive_complete, b.messages.receive_complete, "messages.receive_complete");
  expect_same(a.messages.receive_call, b.messages.receive_call, "messages.receive_call");
  expect_same(a.messages.receive_posted, b.messages.receive_posted, "messages.receive_posted");
  expect_same(a.collectives.operation, b.collectives.operation, "collectives.operation");
  expect_same(a.collectives.root, b.collectives.root, "collectives.root");
  expect_same(a.collectives.member_count, b.collectives.member_count, "collectives.member_count");
  expect_same(a.collectives.call, b.collectives.call, "collectives.call");
  expect_same(a.collectives.complete_call, b.collectives.complete_call, "collectives.complete_call");
  expect_same(a.collectives.begin, b.collectives.begin, "collectives.begin");
  ASSERT_EQ(a.rma.size(), b.rma.size());
  for (std::size_t i = 0; i < a.rma.size(); ++i) {
    const analyzer::RmaSyncEvent &x = a.rma.events[i], &y = b.rma.events[i];
    EXPECT_TRUE(x.kind == y.kind && x.flag == y.flag && x.rank == y.rank && x.window == y.window && x.peer == y.peer &&
                x.time == y.time && x.call == y.call)
        << "rma event " << i;
  }
  EXPECT_EQ(a.rma.group_ranks, b.rma.group_ranks);
  EXPECT_EQ(a.problems.total(), b.problems.total());
  EXPECT_EQ(a.problems.examples, b.problems.examples);
}

}  // namespace xo::test
