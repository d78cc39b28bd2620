#include "clone_thread_locals.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>

#include "program_copies.hpp"

namespace xo::program {

namespace {

// Far above the ids glibc hands out (one per loaded object with thread-locals).
constexpr std::uint64_t kFirstModule = std::uint64_t{1} << 40;

// The x86-64 psABI's argument of __tls_get_addr.
struct TlsIndex {
  std::uint64_t module;
  std::uint64_t offset;
};

// Every clone's image, by module id - kFirstModule. Written before the simulation starts, only read
// afterwards (also from threads a program starts); kept until the process ends, since thread-local
// destructors run at exit.
std::vector<std::shared_ptr<const ThreadLocalImage>>& images() {
  static auto* all = new std::vector<std::shared_ptr<const ThreadLocalImage>>;
  return *all;
}

struct FreeBlock {
  void operator()(char* block) const { std::free(block); }
};

// glibc's __tls_get_addr (in ld.so), for the modules it loaded; found at run time, since a static
// link of the runtime (a program that cannot be privatized) has none to bind to.
using TlsGetAddr = void* (*)(TlsIndex*);
TlsGetAddr g_glibc_tls_get_addr = nullptr;

// This thread's blocks, by module id - kFirstModule.
thread_local std::vector<std::unique_ptr<char, FreeBlock>> t_blocks;

char* block_of(std::size_t clone) {
  if (clone >= t_blocks.size()) t_blocks.resize(images().size());
  std::unique_ptr<char, FreeBlock>& block = t_blocks[clone];
  if (!block) {
    const ThreadLocalImage& image = *images()[clone];
    const std::size_t bytes = (image.bytes + image.alignment - 1) / image.alignment * image.alignment;
    block.reset(static_cast<char*>(std::aligned_alloc(image.alignment, bytes == 0 ? image.alignment : bytes)));
    if (!block) std::abort();  // as glibc's __tls_get_addr does when it cannot allocate a block
    std::memcpy(block.get(), image.initialised.data(), image.initialised.size());
    std::memset(block.get() + image.initialised.size(), 0, bytes - image.initialised.size());
  }
  return block.get();
}

void* clone_tls_get_addr(TlsIndex* index) {
  if (index->module >= kFirstModule && index->module - kFirstModule < images().size()) {
    return block_of(index->module - kFirstModule) + index->offset;
  }
  return g_glibc_tls_get_addr(index);
}

}  // namespace

std::uint64_t register_clone_thread_locals(std::shared_ptr<const ThreadLocalImage> image) {
  if (g_glibc_tls_get_addr == nullptr) {
    g_glibc_tls_get_addr = reinterpret_cast<TlsGetAddr>(dlsym(RTLD_DEFAULT, "__tls_get_addr"));
    if (g_glibc_tls_get_addr == nullptr)
      throw PrivatizationError("cannot find glibc's __tls_get_addr for the copies' thread-locals");
  }
  images().push_back(std::move(image));
  return kFirstModule + images().size() - 1;
}

void* clone_tls_get_addr_function() { return reinterpret_cast<void*>(&clone_tls_get_addr); }

}  // namespace xo::program
