/* The verbs of the rtab command. Each returns the process exit status. */
#ifndef RTAB_CLI_H
#define RTAB_CLI_H

enum exit_status { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

int cmd_check(int argc, char **argv);
int cmd_compile(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_export(int argc, char **argv);

/* Report bad usage of a verb and return EXIT_USAGE. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int usage_error(const char *verb, const char *fmt, ...);

#endif
