#pragma once
// Thread-local variables of cloned copies (copy_cloning.hpp). glibc gives thread-local storage only
// to the objects it loads, a TLS module each, so a clone's module is one of ours: its words that
// name its own module (DTPMOD64) take an id from register_clone_thread_locals, and its calls of
// __tls_get_addr go to clone_tls_get_addr, which gives each clone, on each thread, a block of its
// own laid out and initialised from the program's TLS image (PT_TLS), as glibc does for a module.
// Blocks are made at a thread's first access and freed when the thread ends. Any other module's id
// goes on to glibc's __tls_get_addr.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace xo::program {

struct ThreadLocalImage {
  std::vector<char> initialised;  // .tdata; the block's rest (.tbss) is zero
  std::size_t bytes = 0;          // the block's size
  std::size_t alignment = 1;
};

// Registers one clone's thread-locals (the image is shared by the clones of one program); returns
// the module id its DTPMOD64 words take.
std::uint64_t register_clone_thread_locals(std::shared_ptr<const ThreadLocalImage> image);

// Where a clone's GOT and PLT entries for __tls_get_addr point.
void* clone_tls_get_addr_function();

}  // namespace xo::program
