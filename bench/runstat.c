/*
 * runstat - run a command and report its wall time, CPU time and peak
 * memory on stderr, as one TSV line: wall_s user_s sys_s maxrss_kb.
 *
 *   runstat [-o FILE] command [arg ...]
 *
 * The command's own stdout and stderr pass through; with -o the figures
 * go to FILE instead of stderr.  Exits with the command's status.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* wait4 is BSD and Linux, not POSIX. */
pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru);

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	FILE *out = stderr;
	pid_t pid;
	int st, i = 1;

	if (argc > 2 && strcmp(argv[1], "-o") == 0) {
		out = fopen(argv[2], "w");
		if (!out) {
			fprintf(stderr, "runstat: %s: %s\n", argv[2], strerror(errno));
			return 2;
		}
		i = 3;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: runstat [-o file] command [arg ...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "runstat: fork: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		execvp(argv[i], argv + i);
		fprintf(stderr, "runstat: %s: %s\n", argv[i], strerror(errno));
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) < 0) {
		fprintf(stderr, "runstat: wait: %s\n", strerror(errno));
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(out, "%.3f\t%.3f\t%.3f\t%ld\n",
	    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	    (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6,
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6,
	    ru.ru_maxrss);
	if (out != stderr)
		fclose(out);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
