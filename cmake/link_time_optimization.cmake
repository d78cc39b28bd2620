# Link-time optimisation of the simulation's hot path. The reference MPI is many small files (one
# concept each), so a message crosses a dozen calls the compiler cannot inline across files: with
# GCC's LTO the 1,024-rank Sendrecv ring runs 18 % faster (bench/sim_speed). The libraries the
# simulation is built from are compiled to fat objects (machine code and GIMPLE side by side):
# tests and tools link them as usual, at no extra link cost, and only the targets that run
# simulations for users (the runtime every `xo cc` program binds to, and the speed benchmarks)
# link with -flto and optimise across them.
option(XO_LTO "Optimise the simulation across files at link time (Release builds)" ON)
set(XO_LTO_ENABLED OFF)
if(XO_LTO AND CMAKE_BUILD_TYPE STREQUAL "Release" AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  include(CheckIPOSupported)
  check_ipo_supported(RESULT xo_lto_supported OUTPUT xo_lto_output LANGUAGES C CXX)
  if(xo_lto_supported)
    set(XO_LTO_ENABLED ON)
  else()
    message(STATUS "Link-time optimisation not supported here, building without: ${xo_lto_output}")
  endif()
endif()

# Compiles `target`'s objects with GIMPLE beside the machine code.
function(xo_lto_objects target)
  if(XO_LTO_ENABLED)
    target_compile_options(${target} PRIVATE -flto=auto -ffat-lto-objects)
  endif()
endfunction()

# Links `target` with link-time optimisation over the fat objects it takes in.
function(xo_lto_link target)
  if(XO_LTO_ENABLED)
    target_link_options(${target} PRIVATE -flto=auto)
  endif()
endfunction()
