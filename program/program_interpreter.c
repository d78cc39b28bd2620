/* `xo cc` links programs as shared objects, so that each rank can load a copy of its own
 * (program_copies.hpp). This section makes such an object executable as well: the kernel starts
 * the dynamic loader it names, as for any dynamically linked program. The paths are the psABIs'. */

#if defined(__x86_64__)
#define XO_INTERPRETER "/lib64/ld-linux-x86-64.so.2"
#elif defined(__aarch64__)
#define XO_INTERPRETER "/lib/ld-linux-aarch64.so.1"
#else
#error "name this architecture's dynamic loader (the PT_INTERP of any program: readelf -l /bin/sh)"
#endif

const char xo_program_interpreter[] __attribute__((section(".interp"), used)) = XO_INTERPRETER;
