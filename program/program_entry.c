/* Compiled into every program built by `xo cc`: the C runtime calls __wrap_main (the program is
 * linked with --wrap=main), which hands the program's own main to the reference MPI's launcher. */

int xo_program_run(int argc, char** argv, int (*program_main)(int, char**));
int __real_main(int argc, char** argv);

int __wrap_main(int argc, char** argv) { return xo_program_run(argc, argv, __real_main); }
