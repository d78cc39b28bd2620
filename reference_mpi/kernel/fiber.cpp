#include "xo/mpi/kernel/fiber.hpp"

#include <cassert>
#include <utility>

namespace xo::sim {

namespace ctx = boost::context::detail;

Fiber::Fiber(FiberStack stack, Entry entry, void* argument)
    : stack_(std::move(stack)), entry_(entry), argument_(argument) {}

void Fiber::trampoline(ctx::transfer_t transfer) {
  auto* self = static_cast<Fiber*>(transfer.data);
  self->engine_ = transfer.fctx;
  self->entry_(self->argument_);
  self->finished_ = true;
  ctx::jump_fcontext(self->engine_, nullptr);  // never resumed again
  assert(false && "finished fiber resumed");
}

void Fiber::resume() {
  assert(!finished_);
  // The first frame is written at the first run, not at construction: a run of a million ranks
  // then touches no stack page before the rank needs it (see StackPrefaulter).
  if (context_ == nullptr) context_ = ctx::make_fcontext(stack_.top(), stack_.usable_bytes(), &Fiber::trampoline);
  ctx::transfer_t back = ctx::jump_fcontext(context_, this);
  context_ = back.fctx;
}

void Fiber::suspend() {
  ctx::transfer_t back = ctx::jump_fcontext(engine_, nullptr);
  engine_ = back.fctx;
}

}  // namespace xo::sim
