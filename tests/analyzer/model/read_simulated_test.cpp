// The trace model read back from traces of simulated runs, held against what the programs did
// and what the run told its observer (traced_run.hpp), never against the model's own output.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "traced_run.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

using xo::analyzer::Index;
using xo::analyzer::kNoIndex;
using xo::analyzer::kNoRank;
using xo::analyzer::LocationKind;
using xo::analyzer::MessageTable;
using xo::analyzer::read_trace;
using xo::analyzer::TraceModel;
using xo::test::traced_run;

double seconds(std::int64_t ps) { return static_cast<double>(ps) / 1e12; }
std::int64_t picoseconds(double s) { return std::llround(s * 1e12); }

std::string call_name(const TraceModel& m, Index call) {
  return call == kNoIndex ? "(none)" : m.regions.name[m.calls.region[call]];
}

std::string protocol(const TraceModel& m, std::size_t message) {
  return std::string(m.strings.at(m.messages.protocol[message]));
}

// Rows of the message table ordered by tag (tags are unique in these programs).
std::vector<std::size_t> by_tag(const TraceModel& m) {
  std::vector<std::size_t> rows(m.messages.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  std::sort(rows.begin(), rows.end(), [&](auto a, auto b) { return m.messages.tag[a] < m.messages.tag[b]; });
  return rows;
}

// A message's times lie inside the calls that hold its events.
void expect_inside_calls(const TraceModel& m, std::size_t i) {
  const auto& msg = m.messages;
  ASSERT_NE(msg.send_call[i], kNoIndex);
  ASSERT_NE(msg.receive_call[i], kNoIndex);
  EXPECT_LE(m.calls.enter[msg.send_call[i]], msg.send_time[i]);
  EXPECT_LE(msg.send_time[i], m.calls.leave[msg.send_call[i]]);
  EXPECT_LE(m.calls.enter[msg.receive_call[i]], m.receive_time(i));
  EXPECT_LE(m.receive_time(i), m.calls.leave[msg.receive_call[i]]);
  EXPECT_EQ(m.call_rank(msg.send_call[i]), msg.sender[i]);
  EXPECT_EQ(m.call_rank(msg.receive_call[i]), msg.receiver[i]);
}

TEST(ReadSimulatedTrace, BlockingMessagesWithTheirCallsAndLoggpProtocols) {
  const std::vector<int> sizes = {0, 8, 8192, 8193, 100000};
  const auto run = traced_run("loggp", 2, [&](int rank) {
    std::vector<char> buffer(100000);
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      const int tag = 10 + static_cast<int>(i);
      if (rank == 0) MPI_Send(buffer.data(), sizes[i], MPI_BYTE, 1, tag, MPI_COMM_WORLD);
      if (rank == 1) MPI_Recv(buffer.data(), sizes[i], MPI_BYTE, 0, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(run->exit_code, 0);
  const TraceModel m = read_trace(run->anchor);
  EXPECT_EQ(m.problems.total(), 0u) << (m.problems.examples.empty() ? "" : m.problems.examples[0]);
  ASSERT_EQ(m.messages.size(), sizes.size());
  ASSERT_EQ(static_cast<int>(m.messages.size()), run->seen->messages_sent);
  const auto rows = by_tag(m);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const std::size_t i = rows[k];
    SCOPED_TRACE("message of " + std::to_string(sizes[k]) + " bytes");
    EXPECT_EQ(m.messages.sender[i], 0);
    EXPECT_EQ(m.messages.receiver[i], 1);
    EXPECT_EQ(m.messages.tag[i], 10 + k);
    EXPECT_EQ(m.messages.bytes[i], static_cast<std::uint64_t>(sizes[k]));
    EXPECT_EQ(m.communicators.name[m.messages.communicator[i]], "MPI_COMM_WORLD");
    EXPECT_EQ(m.messages.flags[i], 0);
    EXPECT_EQ(m.send_complete_call(i), xo::analyzer::kNoIndex);
    EXPECT_EQ(call_name(m, m.messages.send_call[i]), "MPI_Send");
    EXPECT_EQ(call_name(m, m.messages.receive_call[i]), "MPI_Recv");
    EXPECT_EQ(m.receive_posted(i), m.calls.enter[m.messages.receive_call[i]]);
    expect_inside_calls(m, i);
    // loggp: eager up to its eager_limit of 8192 bytes, rendezvous above (xo machines --show loggp).
    EXPECT_EQ(protocol(m, i), sizes[k] <= 8192 ? "eager" : "rendezvous");
  }
}

TEST(ReadSimulatedTrace, LowerEagerLimitMovesTheLoggpLabels) {
  const auto run = traced_run("loggp", 2,
                              [](int rank) {
                                char buffer[2000] = {};
                                for (int bytes : {1000, 1001}) {
                                  if (rank == 0) MPI_Send(buffer, bytes, MPI_BYTE, 1, bytes, MPI_COMM_WORLD);
                                  if (rank == 1)
                                    MPI_Recv(buffer, bytes, MPI_BYTE, 0, bytes, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                                }
                              },
                              {{"XO_EAGER_LIMIT", "1000"}});
  const TraceModel m = read_trace(run->anchor);
  const auto rows = by_tag(m);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(protocol(m, rows[0]), "eager");
  EXPECT_EQ(protocol(m, rows[1]), "rendezvous");
  ASSERT_TRUE(m.run.crossover.has_value());
  const auto& env = m.run.crossover->environment;
  EXPECT_TRUE(std::any_of(env.begin(), env.end(),
                          [](const auto& s) { return s.name == "XO_EAGER_LIMIT" && s.value == "1000"; }));
}

TEST(ReadSimulatedTrace, NonblockingMessagesPairTheirRequests) {
  const auto run = traced_run("loggp", 3, [](int rank) {
    int data[64] = {};
    if (rank == 0) {
      MPI_Request requests[2];
      MPI_Irecv(data, 8, MPI_INT, 1, 1, MPI_COMM_WORLD, &requests[0]);
      MPI_Irecv(data + 8, 16, MPI_INT, 2, 2, MPI_COMM_WORLD, &requests[1]);
      MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    } else {
      MPI_Request request;
      MPI_Isend(data, 8 * rank, MPI_INT, 0, rank, MPI_COMM_WORLD, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
  });
  const TraceModel m = read_trace(run->anchor);
  EXPECT_EQ(m.problems.total(), 0u);
  const auto rows = by_tag(m);
  ASSERT_EQ(rows.size(), 2u);
  for (int sender = 1; sender <= 2; ++sender) {
    const std::size_t i = rows[static_cast<std::size_t>(sender - 1)];
    EXPECT_EQ(m.messages.sender[i], sender);
    EXPECT_EQ(m.messages.receiver[i], 0);
    EXPECT_EQ(m.messages.bytes[i], static_cast<std::uint64_t>(8 * sender * sizeof(int)));
    EXPECT_EQ(m.messages.flags[i], MessageTable::kNonblockingSend | MessageTable::kNonblockingReceive);
    EXPECT_EQ(call_name(m, m.messages.send_call[i]), "MPI_Isend");
    EXPECT_EQ(call_name(m, m.messages.receive_call[i]), "MPI_Waitall");
    expect_inside_calls(m, i);
    ASSERT_NE(m.send_complete_call(i), xo::analyzer::kNoIndex);
    EXPECT_EQ(call_name(m, m.send_complete_call(i)), "MPI_Wait");
    EXPECT_GE(m.calls.leave[m.send_complete_call(i)], m.messages.send_time[i]);
    // Posted inside rank 0's MPI_Irecv call for this sender, the sender-th MPI_Irecv of the run.
    std::vector<xo::test::TeeObserver::Call> irecvs;
    for (const auto& c : run->seen->calls.at(0)) {
      if (c.name == "MPI_Irecv") irecvs.push_back(c);
    }
    ASSERT_EQ(irecvs.size(), 2u);
    const auto& irecv = irecvs[static_cast<std::size_t>(sender - 1)];
    EXPECT_LE(seconds(irecv.enter_ps), m.receive_posted(i));
    EXPECT_LE(m.receive_posted(i), seconds(irecv.leave_ps));
  }
}

TEST(ReadSimulatedTrace, ReceivesInAnotherOrderThanTheSendsPairPerTag) {
  // Sent: tag 1 (8 bytes), tag 2 (16 bytes), tag 1 (24 bytes); received: tag 2, then tag 1 twice.
  // Non-overtaking holds per tag: the first tag-1 receive gets the first tag-1 send.
  const auto run = traced_run("loggp", 2, [](int rank) {
    char buffer[64] = {};
    if (rank == 0) {
      MPI_Send(buffer, 8, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
      MPI_Send(buffer, 16, MPI_BYTE, 1, 2, MPI_COMM_WORLD);
      MPI_Send(buffer, 24, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
    } else {
      MPI_Recv(buffer, 64, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Recv(buffer, 64, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Recv(buffer, 64, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(run->exit_code, 0);
  const TraceModel m = read_trace(run->anchor);
  EXPECT_EQ(m.problems.total(), 0u);
  ASSERT_EQ(m.messages.size(), 3u);
  std::vector<std::size_t> by_receive = {0, 1, 2};
  std::sort(by_receive.begin(), by_receive.end(),
            [&](auto a, auto b) { return m.receive_time(a) < m.receive_time(b); });
  const std::vector<std::pair<std::uint32_t, std::uint64_t>> expected = {{2, 16}, {1, 8}, {1, 24}};
  for (std::size_t k = 0; k < 3; ++k) {
    const std::size_t i = by_receive[k];
    EXPECT_EQ(std::pair(m.messages.tag[i], m.messages.bytes[i]), expected[k]) << "receive " << k;
    EXPECT_LT(m.messages.send_time[i], m.receive_time(i));
  }
}

TEST(ReadSimulatedTrace, WildcardReceivesPairWithTheirActualSource) {
  static std::vector<MPI_Status> statuses;  // rank 0's, in receive order
  statuses.clear();
  const auto run = traced_run("loggp", 4, [](int rank) {
    char buffer[64] = {};
    if (rank == 0) {
      for (int k = 0; k < 3; ++k) {
        MPI_Status status;
        MPI_Recv(buffer, 64, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        statuses.push_back(status);
      }
    } else {
      MPI_Send(buffer, 10 * rank, MPI_BYTE, 0, 100 + rank, MPI_COMM_WORLD);
    }
  });
  const TraceModel m = read_trace(run->anchor);
  EXPECT_EQ(m.problems.total(), 0u);
  ASSERT_EQ(m.messages.size(), 3u);
  std::vector<std::size_t> by_receive(3);
  for (std::size_t i = 0; i < 3; ++i) by_receive[i] = i;
  std::sort(by_receive.begin(), by_receive.end(),
            [&](auto a, auto b) { return m.receive_time(a) < m.receive_time(b); });
  ASSERT_EQ(statuses.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    const std::size_t i = by_receive[k];
    EXPECT_EQ(m.messages.sender[i], statuses[k].MPI_SOURCE);
    EXPECT_EQ(static_cast<int>(m.messages.tag[i]), statuses[k].MPI_TAG);
    EXPECT_EQ(static_cast<int>(m.messages.bytes[i]), 10 * statuses[k].MPI_SOURCE);
    EXPECT_EQ(m.messages.receiver[i], 0);
  }
}

TEST(ReadSimulatedTrace, SplitCommunicatorRanksBecomeWorldRanks) {
  // Per world rank: the world ranks of its half's members in communicator rank order, as the
  // reference MPI translates them.
  static std::map<int, std::vector<int>> half_members;
  half_members.clear();
  const auto run = traced_run("xt3", 4, [](int rank) {
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);  // descending world rank within a half
    int size = 0, half_rank = 0;
    MPI_Comm_size(half, &size);
    MPI_Comm_rank(half, &half_rank);
    MPI_Group world_group, group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Comm_group(half, &group);
    std::vector<int> ranks(static_cast<std::size_t>(size)), world(static_cast<std::size_t>(size));
    for (int r = 0; r < size; ++r) ranks[static_cast<std::size_t>(r)] = r;
    MPI_Group_translate_ranks(group, size, ranks.data(), world_group, world.data());
    half_members[rank] = world;
    char buffer[64] = {};
    if (half_rank == 0) MPI_Send(buffer, 16, MPI_BYTE, 1, 7, half);
    if (half_rank == 1) MPI_Recv(buffer, 16, MPI_BYTE, 0, 7, half, MPI_STATUS_IGNORE);
    MPI_Bcast(buffer, 4, MPI_BYTE, 1, half);
    MPI_Comm_free(&half);
    MPI_Group_free(&group);
    MPI_Group_free(&world_group);
  });
  ASSERT_EQ(run->exit_code, 0);
  const TraceModel m = read_trace(run->anchor);
  EXPECT_EQ(m.problems.total(), 0u);
  ASSERT_EQ(m.messages.size(), 2u);
  for (int parity = 0; parity < 2; ++parity) {
    const std::vector<int>& members = half_members.at(parity);
    std::size_t i = 0;
    while (i < m.messages.size() && m.messages.sender[i] != members[0]) ++i;
    ASSERT_LT(i, m.messages.size()) << "no message from world rank " << members[0];
    EXPECT_EQ(m.messages.receiver[i], members[1]);
    EXPECT_EQ(m.messages.tag[i], 7u);
    const Index comm = m.messages.communicator[i];
    EXPECT_EQ(m.communicators.members[comm], std::vector<int>(members.begin(), members.end()));
    ASSERT_NE(m.communicators.parent[comm], kNoIndex);
    EXPECT_EQ(m.communicators.name[m.communicators.parent[comm]], "MPI_COMM_WORLD");

    // The broadcast on this half: root is communicator rank 1.
    std::size_t found = 0;
    for (std::size_t c = 0; c < m.collectives.size(); ++c) {
      if (m.collectives.communicator[c] != comm) continue;
      ++found;
      EXPECT_EQ(m.collectives.operation[c], OTF2_COLLECTIVE_OP_BCAST);
      EXPECT_EQ(m.collectives.root[c], members[1]);
      EXPECT_EQ(m.collectives.member_count[c], 2u);
    }
    EXPECT_EQ(found, 1u);
  }
}

OTF2_CollectiveOp operation_of(const std::string& call) {
  if (call == "MPI_Barrier") return OTF2_COLLECTIVE_OP_BARRIER;
  if (call == "MPI_Bcast") return OTF2_COLLECTIVE_OP_BCAST;
  if (call == "MPI_Reduce") return OTF2_COLLECTIVE_OP_REDUCE;
  if (call == "MPI_Allreduce") return OTF2_COLLECTIVE_OP_ALLREDUCE;
  ADD_FAILURE() << "no operation for " << call;
  return OTF2_COLLECTIVE_OP_BARRIER;
}

TEST(ReadSimulatedTrace, CollectiveInstancesWithOperationRootBytesAndAlgorithm) {
  const auto run = traced_run("xt3", 4, [](int) {
    std::vector<double> in(100, 1.0), out(100);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Bcast(in.data(), 100, MPI_INT, 2, MPI_COMM_WORLD);
    MPI_Reduce(in.data(), out.data(), 4, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
    MPI_Allreduce(in.data(), out.data(), 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  });
  ASSERT_EQ(run->exit_code, 0);
  const TraceModel m = read_trace(run->anchor);
  EXPECT_EQ(m.problems.total(), 0u);
  const std::vector<std::string> calls = {"MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce"};
  const std::vector<int> roots = {kNoRank, 2, 1, kNoRank};
  ASSERT_EQ(m.collectives.size(), calls.size());
  // What the run reported, per rank in order: the k-th of each rank is instance k.
  std::map<int, std::vector<xo::test::TeeObserver::CollectiveEnd>> seen;
  for (const auto& c : run->seen->collectives) seen[c.rank].push_back(c);
  for (std::size_t k = 0; k < calls.size(); ++k) {
    SCOPED_TRACE(calls[k]);
    EXPECT_EQ(m.communicators.name[m.collectives.communicator[k]], "MPI_COMM_WORLD");
    EXPECT_EQ(m.collectives.operation[k], operation_of(calls[k]));
    EXPECT_EQ(m.collectives.root[k], roots[k]);
    ASSERT_EQ(m.collectives.member_count[k], 4u);
    const std::string algorithm = seen[0][k].algorithm;
    EXPECT_FALSE(algorithm.empty());
    EXPECT_EQ(m.strings.at(m.collectives.algorithm[k]), algorithm);
    for (Index j = m.collectives.first_member[k]; j < m.collectives.first_member[k] + 4; ++j) {
      const int rank = m.collectives.rank[j];
      EXPECT_EQ(rank, static_cast<int>(j - m.collectives.first_member[k]));  // members in rank order
      const auto& truth = seen[rank][k];
      EXPECT_EQ(truth.call, calls[k]);
      EXPECT_EQ(m.collectives.instance[j], k);
      EXPECT_EQ(static_cast<std::int64_t>(m.collectives.bytes_sent[j]), truth.sent);
      EXPECT_EQ(static_cast<std::int64_t>(m.collectives.bytes_received[j]), truth.received);
      EXPECT_DOUBLE_EQ(m.collectives.begin[j], seconds(truth.begin_ps));
      EXPECT_DOUBLE_EQ(m.collectives.end[j], seconds(truth.end_ps));
      EXPECT_LE(m.collectives.begin[j], m.collectives.end[j]);
      const Index call = m.collectives.call[j];
      EXPECT_EQ(call_name(m, call), calls[k]);
      EXPECT_LE(m.calls.enter[call], m.collectives.begin[j]);
      EXPECT_GE(m.calls.leave[call], m.collectives.end[j]);
    }
  }
}

TEST(ReadSimulatedTrace, Xt3PhasesAndProtocolLabelsBySize) {
  const std::vector<int> sizes = {8, 1024, 1025, 128000, 128001, 1 << 20};
  const auto run = traced_run("xt3", 2, [&](int rank) {
    std::vector<char> buffer(1 << 20);
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      const int tag = static_cast<int>(i);
      if (rank == 0) MPI_Send(buffer.data(), sizes[i], MPI_BYTE, 1, tag, MPI_COMM_WORLD);
      if (rank == 1) MPI_Recv(buffer.data(), sizes[i], MPI_BYTE, 0, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  ASSERT_EQ(run->exit_code, 0);
  const TraceModel m = read_trace(run->anchor);
  EXPECT_EQ(m.problems.total(), 0u);
  const auto rows = by_tag(m);
  ASSERT_EQ(rows.size(), sizes.size());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    // XT3: vshort up to MPICH_MAX_VSHORT_MSG_SIZE (1024), short up to MPICH_MAX_SHORT_MSG_SIZE
    // (128000), then long-pull (xo machines --show xt3).
    const std::string expected = sizes[k] <= 1024 ? "vshort" : sizes[k] <= 128000 ? "short" : "long-pull";
    EXPECT_EQ(protocol(m, rows[k]), expected) << sizes[k] << " bytes";
  }

  // Every phase the run reported, on a lane of its rank, with its attributes.
  // Times in whole picoseconds, the trace's resolution.
  using Row = std::tuple<int, std::string, std::string, int, std::int64_t, std::int64_t, std::int64_t>;
  std::multiset<Row> expected, got;
  for (const auto& p : run->seen->phases) {
    expected.insert({p.rank, p.name, p.protocol, p.peer, p.bytes, p.start_ps, p.end_ps});
  }
  // Each on a lane of its rank's location (a task's generation from 1), its lane's phases one after
  // another.
  std::map<std::pair<Index, std::uint32_t>, std::vector<std::pair<double, double>>> lanes;
  for (std::size_t p = 0; p < m.phases.size(); ++p) {
    const Index location = m.phases.location[p];
    EXPECT_EQ(m.locations.kind[location], LocationKind::Rank);
    EXPECT_EQ(m.locations.world_rank[location], m.phase_rank(p));
    EXPECT_GE(m.phases.lane[p], 1u);
    lanes[{location, m.phases.lane[p]}].push_back({m.phases.start[p], m.phases.end[p]});
    got.insert({m.phase_rank(p), m.regions.name[m.phases.region[p]], std::string(m.strings.at(m.phases.protocol[p])),
                m.phases.peer[p], static_cast<std::int64_t>(m.phases.bytes[p]), picoseconds(m.phases.start[p]),
                picoseconds(m.phases.end[p])});
  }
  EXPECT_FALSE(expected.empty());
  EXPECT_EQ(got, expected);
  for (auto& [lane, spans] : lanes) {
    std::sort(spans.begin(), spans.end());
    for (std::size_t k = 1; k < spans.size(); ++k) EXPECT_LE(spans[k - 1].second, spans[k].first);
  }
}

TEST(ReadSimulatedTrace, CallsAreTheRunsCallsInOrder) {
  const auto run = traced_run("xt3", 3, [](int rank) {
    int value = rank;
    int sum = 0;
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) MPI_Send(&value, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    if (rank == 2) MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
  });
  const TraceModel m = read_trace(run->anchor);
  ASSERT_EQ(m.calls.first_of_rank.size(), 4u);
  for (int rank = 0; rank < 3; ++rank) {
    SCOPED_TRACE("rank " + std::to_string(rank));
    const auto& truth = run->seen->calls.at(rank);
    const Index first = m.calls.first_of_rank[static_cast<std::size_t>(rank)];
    const Index last = m.calls.first_of_rank[static_cast<std::size_t>(rank) + 1];
    ASSERT_EQ(last - first, truth.size());
    for (Index c = first; c < last; ++c) {
      const auto& t = truth[c - first];
      EXPECT_EQ(m.call_rank(c), rank);
      EXPECT_EQ(call_name(m, c), t.name);
      EXPECT_EQ(m.calls.depth_of(c), 0);
      EXPECT_TRUE(m.is_mpi_call(c));
      EXPECT_DOUBLE_EQ(m.calls.enter[c], seconds(t.enter_ps));
      EXPECT_DOUBLE_EQ(m.calls.leave[c], seconds(t.leave_ps));
      EXPECT_NEAR(m.calls.leave[c] - m.calls.enter[c], seconds(t.leave_ps - t.enter_ps), 1e-15);
      if (c > first) {
        EXPECT_GE(m.calls.enter[c], m.calls.leave[c - 1]);
      }
    }
  }
}

TEST(ReadSimulatedTrace, RunDescriptionLocationsAndProgress) {
  const auto run = traced_run("xt3", 4, [](int rank) {
    char buffer[4096] = {};
    if (rank % 2 == 0) MPI_Send(buffer, 4096, MPI_BYTE, rank + 1, 0, MPI_COMM_WORLD);
    if (rank % 2 == 1) MPI_Recv(buffer, 4096, MPI_BYTE, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  std::vector<std::pair<std::uint64_t, std::uint64_t>> reports;
  const TraceModel m =
      read_trace(run->anchor, [&](std::uint64_t read, std::uint64_t total) { reports.emplace_back(read, total); });
  const xo::mpi::RunInfo& info = run->seen->info;

  EXPECT_EQ(m.run.creator, "xo test");
  EXPECT_EQ(m.run.machine_name, "xt3");
  EXPECT_EQ(m.run.timer_resolution, 1000000000000ull);  // picoseconds (docs/trace_format.md)
  EXPECT_EQ(m.run.properties.at("CROSSOVER::MACHINE"), "xt3");
  ASSERT_TRUE(m.run.crossover.has_value());
  const auto& x = *m.run.crossover;
  EXPECT_EQ(x.machine, "xt3");
  EXPECT_EQ(x.machine_description, info.machine_description);
  EXPECT_EQ(x.ranks, 4);
  EXPECT_EQ(x.ranks_per_node, info.ranks_per_node);
  EXPECT_EQ(x.compute_mode, "none");
  EXPECT_EQ(x.exit_code, 0);
  EXPECT_EQ(x.creator, "xo test");
  EXPECT_EQ(x.command_line, "traced_run");
  auto has = [](const std::vector<xo::analyzer::Setting>& all, const xo::mpi::RunSetting& s) {
    return std::any_of(all.begin(), all.end(), [&](const auto& a) { return a.name == s.name && a.value == s.value; });
  };
  ASSERT_FALSE(info.parameters.empty());
  for (const auto& p : info.parameters) EXPECT_TRUE(has(x.parameters, p)) << p.name;
  for (const auto& e : info.environment) {
    if (!e.value.empty()) {
      EXPECT_TRUE(has(x.environment, e)) << e.name;
    }
  }

  ASSERT_EQ(m.ranks(), 4);
  for (int r = 0; r < 4; ++r) {
    const Index row = m.locations.location_of_rank[static_cast<std::size_t>(r)];
    EXPECT_EQ(m.locations.kind[row], LocationKind::Rank);
    EXPECT_EQ(m.locations.world_rank[row], r);
    EXPECT_EQ(m.locations.id[row], static_cast<std::uint64_t>(r));  // docs/trace_format.md
  }
  EXPECT_EQ(m.locations.size(), 4u) << "a location per rank, its network lanes tasks of it";
  std::set<std::pair<Index, std::uint32_t>> lanes;
  for (std::size_t p = 0; p < m.phases.size(); ++p) {
    const Index location = m.phases.location[p];
    const std::uint32_t lane = m.phases.lane[p];
    if (!lanes.insert({location, lane}).second) continue;
    std::string expected = "MPI Rank " + std::to_string(m.locations.world_rank[location]) + " network";
    if (lane > 1) expected.append(" ").append(std::to_string(lane));
    EXPECT_EQ(m.lane_name(location, lane), expected);
  }
  EXPECT_GE(lanes.size(), 2u);  // both senders' phases; receivers have their own (copies out)

  ASSERT_FALSE(reports.empty());
  for (std::size_t i = 1; i < reports.size(); ++i) EXPECT_GE(reports[i].first, reports[i - 1].first);
  EXPECT_EQ(reports.back().first, m.events);
  EXPECT_EQ(reports.back().second, m.events);
}

}  // namespace
