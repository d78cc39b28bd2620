#include "xo/mpi/state/world.hpp"

#include <algorithm>
#include <cassert>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "run_info.hpp"
#include "uncaught_exception.hpp"
#include "xo/mpi/state/communicator.hpp"
#include "xo/mpi/state/compute_clock.hpp"
#include "xo/mpi/state/info_table.hpp"

namespace xo::mpi {

namespace {

std::string describe_peer(int peer) {
  if (peer == MPI_ANY_SOURCE) return "any rank (MPI_ANY_SOURCE)";
  return "rank " + std::to_string(peer);
}

// MPI_INFO_ENV: what mpiexec was given (MPI-3.1 section 10.3.4's keys that apply).
Info environment_info(const std::vector<std::string>& args, int ranks) {
  Info environment;
  set_command_line(environment, args);
  environment.set("maxprocs", std::to_string(ranks));
  std::error_code error;
  const std::string directory = std::filesystem::current_path(error).string();
  if (!error) environment.set("wdir", directory);
  environment.set("thread_level", "MPI_THREAD_FUNNELED");
  return environment;
}

std::string describe_tag(int tag) { return tag == MPI_ANY_TAG ? "any tag" : "tag " + std::to_string(tag); }

// Which group a peer rank of `r` belongs to, on an intercommunicator: point-to-point ranks and a
// collective's steps between the groups name the remote group, its local steps (on the hidden
// intracommunicator's context) the local one.
std::string group_of_peer(const CommHandle* comm, const Request& r) {
  if (comm == nullptr || !comm->is_inter()) return "";
  const bool local_step = r.context == -comm->shared->local_comm->context;
  return local_step ? " of the local group" : " of the remote group";
}
}  // namespace

World::World(const SimulationOptions& options, std::unique_ptr<hw::Machine> machine, const RankMainOf& main_of,
             const std::vector<std::string>& args)
    : options_(options),
      machine_(std::move(machine)),
      main_of_(main_of),
      args_(args),
      engine_(sim::EngineConfig{options.ranks, options.stack_bytes, options.guard_pages, options.catch_stop_signals,
                                options.time_limit_seconds, options.virtual_time_limit_ps},
              &World::rank_body, this) {
  const hw::LinkCost cost = machine_->link(0, 0);
  poll_cost_ = std::max<sim::Time>(sim::seconds_to_time(cost.recv_overhead), 10'000);  // >= 10 ns
  if (options.compute == ComputeMode::Measured) compute_clock_cost_ns_ = compute_clock_reading_cost_ns();
  copy_per_byte_ = machine_->copy_per_byte();
  auto world_shared = std::make_shared<CommShared>();
  world_shared->context = 1;
  world_shared->group = Group::range(0, options.ranks);
  world_shared->name = "MPI_COMM_WORLD";
  const auto environment = std::make_shared<const Info>(environment_info(args_, options.ranks));
  ranks_ = sim::HugePageArray<RankState>(static_cast<std::size_t>(options.ranks));
  for (int r = 0; r < options.ranks; ++r) {
    RankState& state = ranks_[static_cast<std::size_t>(r)];
    state.world_rank = r;
    state.environment.universe_size = options.ranks;
    auto self_shared = std::make_shared<CommShared>();
    self_shared->context = 2;
    self_shared->group = Group::range(r, 1);
    self_shared->name = "MPI_COMM_SELF";
    CommHandle world_handle;
    world_handle.shared = world_shared;
    world_handle.my_rank = r;
    CommHandle self_handle;
    self_handle.shared = std::move(self_shared);
    state.comms.set_predefined(std::move(world_handle), std::move(self_handle));
    state.infos.set_environment(environment);
  }
  engine_.set_blocked_describer([this](int rank) { return describe_blocked(rank); });
  engine_.set_place_describer([this](int fiber) { return describe_place(fiber); });
  engine_.set_switch_listener(options.switch_listener);
}

World::~World() {
  if (current_ == this) current_ = nullptr;
}

void World::outside_simulation(const char* call) {
  const std::string name = call != nullptr ? call : "an MPI function";
  if (current_ != nullptr && !on_running_thread()) {
    // Another OS thread: the ranks' state belongs to the simulation's thread, so this thread may
    // not even end the run through the engine. One message, then the process ends.
    std::fprintf(stderr,
                 "xo: %s was called from a thread other than the main thread; only the main thread may call MPI "
                 "(the reference MPI provides MPI_THREAD_FUNNELED): make MPI calls from the thread that called "
                 "MPI_Init or MPI_Init_thread\n",
                 name.c_str());
    std::fflush(stderr);
    std::_Exit(1);
  }
  std::fprintf(stderr,
               "xo: %s was called outside a simulated rank; MPI calls must run inside a program started by "
               "`xo run` (or xo::mpi::run_simulation)\n",
               name.c_str());
  std::abort();
}

SimulationResult World::run() {
  simulation_thread_ = thread_pointer();
  current_ = this;
  if (RunObserver* observer = options_.observer) {
    observer->run_started(describe_run(options_, *machine_, args_));
    define_comm(*ranks_.front().comms.get(MPI_COMM_WORLD).shared, 0);
    define_comm(*ranks_.front().comms.get(MPI_COMM_SELF).shared, 0);
  }
  UncaughtExceptionNote uncaught;
  const sim::RunOutcome outcome = engine_.run();
  current_ = nullptr;
  SimulationResult result;
  result.virtual_seconds = sim::time_to_seconds(outcome.end_time);
  result.messages = messages_;
  result.guarded_stacks = outcome.guarded_stacks;
  const RunFailure failure = conclude(outcome, uncaught.note(), result);
  if (failure.fault_ps >= 0) {
    result.virtual_seconds = std::max(result.virtual_seconds, sim::time_to_seconds(failure.fault_ps));
  }
  if (options_.observer != nullptr && !failure.message.empty()) options_.observer->run_failed(failure);
  if (options_.observer != nullptr) {
    options_.observer->run_finished(std::max(outcome.end_time, failure.fault_ps), result.exit_code);
  }
  return result;
}

void World::define_comm(const CommShared& comm, int parent_context) {  // simcall
  sim::Simcall simcall(engine_);
  if (options_.observer == nullptr) return;
  const auto context = static_cast<std::size_t>(comm.context);
  if (context < comm_defined_.size() && comm_defined_[context]) return;
  if (context >= comm_defined_.size()) comm_defined_.resize(context + 1, false);
  comm_defined_[context] = true;
  CommInfo info;
  info.id = comm.context;
  info.name = comm.name;
  info.parent_id = parent_context;
  if (comm.is_inter()) {  // side 0's group first, whichever side defines it
    info.inter = true;
    info.world_ranks = (comm.side == 0 ? comm.group : comm.remote_group)->world_ranks();
    info.remote_world_ranks = (comm.side == 0 ? comm.remote_group : comm.group)->world_ranks();
  } else if (comm.context != 2) {  // MPI_COMM_SELF: one member per rank, itself
    info.world_ranks.reserve(static_cast<std::size_t>(comm.group->size()));
    for (int r = 0; r < comm.group->size(); ++r) info.world_ranks.push_back(comm.group->world_rank(r));
  }
  options_.observer->comm_defined(info);
}

sim::Time World::fault_time(const sim::RankFault& fault) {
  const RankState& state = ranks_[static_cast<std::size_t>(fault.rank)];
  if (options_.compute != ComputeMode::Measured || fault.fiber >= size() || state.call != nullptr) return fault.time;
  const std::int64_t computed = compute_clock_ns() - state.compute_mark_ns;
  return fault.time + sim::seconds_to_time(static_cast<double>(computed) * 1e-9 * machine_->cpu_factor());
}

RunFailure World::conclude(const sim::RunOutcome& outcome, const std::string& uncaught_exception,
                           SimulationResult& result) {
  using Kind = sim::RunOutcome::Kind;
  RunFailure failure;
  failure.cut_short = outcome.kind != Kind::Completed;
  result.error = outcome.message;
  result.exit_code = outcome.kind == Kind::Completed ? endings_.exit_code() : outcome.exit_code;
  if (outcome.fault) {
    sim::RankFault fault = *outcome.fault;
    fault.time = fault_time(fault);
    const bool exception = fault.signal == SIGABRT && !uncaught_exception.empty();
    failure.fault_rank = fault.rank;
    failure.fault_signal = fault.signal != 0 ? "SIG" + std::string(sigabbrev_np(fault.signal)) : "stack overflow";
    failure.fault_place = describe_place(fault.fiber);
    failure.fault_ps = fault.time;
    result.error =
        sim::describe_fault(fault, failure.fault_place, exception ? "SIGABRT after " + uncaught_exception : "");
  }
  if (outcome.kind == Kind::Stopped) result.error += likely_livelock(outcome.runnable_ranks);
  if (!endings_.empty()) {
    // A rank that ended early comes first: a deadlock of the others is most often its consequence.
    if (outcome.kind == Kind::Deadlock) {
      result.error = endings_.message() + "\nthen " + result.error;
      result.exit_code = endings_.exit_code();
    } else {
      result.error = result.error.empty() ? endings_.message() : result.error + "\n" + endings_.message();
    }
    if (result.exit_code == 0) result.exit_code = endings_.exit_code();
  }
  failure.message = result.error;
  return failure;
}

void World::poll_without_progress() {  // simcall
  sim::Simcall simcall(engine_);
  engine_.advance(poll_cost_);
  livelock_watch_.failed_poll(engine_.current_rank(), self().call, engine_.now(), engine_.nothing_else_pending());
  engine_.sync();
}

std::string World::likely_livelock(const std::vector<int>& runnable) {
  // A rank that polls (MPI_Iprobe, MPI_Test, ...) while every other rank waits, or has ended,
  // polls for a message that can never come: nothing it waits for can happen without it.
  if (runnable.size() != 1) return "";
  const RankState& state = ranks_[static_cast<std::size_t>(runnable.front())];
  const char* call = state.call != nullptr ? state.call : state.last_call;
  if (call == nullptr) return "";
  const std::string name = call;
  const bool polls = name == "MPI_Iprobe" || name == "MPI_Improbe" || name.rfind("MPI_Test", 0) == 0;
  if (!polls) return "";
  return "\nlikely livelock: rank " + std::to_string(runnable.front()) + " polls with " + name +
         " while every other rank waits or has ended, so nothing it polls for can happen; check what it waits for";
}

std::string World::describe_place(int fiber) {
  if (fiber >= size()) return describe_background(fiber);
  const RankState& state = ranks_[static_cast<std::size_t>(fiber)];
  if (state.call != nullptr) return std::string("inside ") + state.call;
  if (state.last_call != nullptr) return std::string("in its own code after ") + state.last_call;
  return "in its own code, before its first MPI call";
}

void World::rank_body(int rank, void* world) { static_cast<World*>(world)->run_rank(rank); }

void World::run_rank(int rank) {
  // Each rank gets its own argv, as separate processes would.
  std::vector<std::string> args = args_;
  if (args.empty()) args.push_back("app");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  RankState& state = ranks_[static_cast<std::size_t>(rank)];
  if (options_.compute == ComputeMode::Measured) state.compute_mark_ns = compute_clock_ns();
  const int code = main_of_(rank)(static_cast<int>(args.size()), argv.data());
  rank_ended(rank, code, false);
}

void World::exit_rank(int code) {
  rank_ended(engine_.current_rank(), code, true);
  engine_.finish_rank();
}

void World::rank_ended(int rank, int code, bool called_exit) {  // simcall
  sim::Simcall simcall(engine_);
  const RankState& state = ranks_[static_cast<std::size_t>(rank)];
  endings_.add(RankEnd{rank, code, called_exit, state.initialized, state.finalized, state.last_call, engine_.now()});
}

Request* World::new_request() {  // simcall
  sim::Simcall simcall(engine_);
  Request* r = nullptr;
  if (free_requests_ == nullptr) {
    request_storage_.push_back(std::make_unique<Request>());
    r = request_storage_.back().get();
  } else {
    r = free_requests_;
    free_requests_ = r->next_free;
    std::destroy_at(r);  // in place: assigning a temporary Request costs a copy of it
    std::construct_at(r);
  }
  r->waiter = engine_.current_fiber();
  return r;
}

void World::release(Request* request) {  // simcall
  sim::Simcall simcall(engine_);
  request->type = DatatypeRef{};
  request->next_free = free_requests_;
  free_requests_ = request;
}

Message* World::new_message() {  // simcall
  sim::Simcall simcall(engine_);
  if (free_messages_ == nullptr) {
    message_storage_.push_back(std::make_unique<Message>());
    return message_storage_.back().get();
  }
  Message* m = free_messages_;
  free_messages_ = m->next;
  std::vector<std::byte> keep = std::move(m->payload);  // keep the capacity, drop the contents
  *m = Message{};
  m->payload = std::move(keep);
  m->payload.clear();
  return m;
}

void World::release(Message* message) {  // simcall
  sim::Simcall simcall(engine_);
  message->next = free_messages_;
  free_messages_ = message;
}

void World::complete(Request* request, sim::Time at) {  // simcall
  sim::Simcall simcall(engine_);
  request->complete = true;
  request->complete_time = at;
  assert(!request->holds_event && "a send holding an event completes through the protocol's complete_send");
  if (request->user_freed) {
    release(request);
    return;
  }
  const int fiber = request->waiter >= 0 ? request->waiter : request->owner;
  if (fiber < size()) {  // a rank's own fiber: in MPI_Waitall, only the last completion wakes it
    const RankState& state = rank(fiber);
    const auto pending = [](const Request* r) { return !r->complete; };
    if (state.waiting_for_all && std::any_of(state.waiting_for.begin(), state.waiting_for.end(), pending)) return;
  }
  engine_.wake(fiber, at);
}

std::string World::describe_background(int fiber) {
  const NonblockingCollectives::Instance* in = nonblocking_.running(fiber);
  if (in == nullptr) return "a task in the background";
  const CommHandle* comm = ranks_[static_cast<std::size_t>(engine_.rank_of(fiber))].comms.find(in->comm);
  std::ostringstream out;
  out << in->call << " on " << (comm != nullptr ? comm->shared->name : std::string("a freed communicator"))
      << ", started at t=" << sim::time_to_seconds(in->started) * 1e6
      << " us, waiting in the background for the other members to call it";
  return out.str();
}

std::string World::describe_blocked(int fiber) {
  if (fiber >= size()) return describe_background(fiber);
  RankState& state = ranks_[static_cast<std::size_t>(fiber)];
  std::ostringstream out;
  if (!state.meeting_note.empty()) return state.meeting_note;
  out << (state.call != nullptr ? state.call : "MPI call");
  if (state.blocked_in_probe) {
    CommHandle* comm = state.comms.find(state.probe_comm);
    out << " waiting for a message from " << describe_peer(state.probe_source)
        << (comm != nullptr && comm->is_inter() ? " of the remote group" : "") << " (" << describe_tag(state.probe_tag)
        << ") on " << (comm != nullptr ? comm->shared->name : "?");
    return out.str();
  }
  const char* separator = " waiting for: ";
  for (const Request* r : state.waiting_for) {
    if (r->complete) continue;
    out << separator;
    separator = "; ";
    CommHandle* comm = state.comms.find(r->comm);
    const std::string comm_name = comm != nullptr ? comm->shared->name : "a freed communicator";
    const std::string group = group_of_peer(comm, *r);
    if (r->kind == Request::Kind::Collective) {
      out << r->call << " on " << comm_name << " to complete";
    } else if (r->kind == Request::Kind::Generalized) {
      out << "a generalized request, which only this rank's MPI_Grequest_complete completes";
    } else if (r->internal) {  // a step of a collective algorithm: its tag and direction mean nothing to the user
      out << "rank " << r->peer << group << " of " << comm_name << " to take part";
    } else if (r->kind == Request::Kind::Recv) {
      out << r->call << " from " << describe_peer(r->peer) << group << " (" << describe_tag(r->tag) << ") on "
          << comm_name;
    } else {
      out << r->call << " to rank " << r->peer << group << " (" << describe_tag(r->tag) << ", " << r->bytes
          << " bytes, rendezvous: the receiver has not posted a matching receive) on " << comm_name;
    }
  }
  return out.str();
}

}  // namespace xo::mpi
