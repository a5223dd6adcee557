/* The floor under any Markdown site generator built on cmark: the time
 * cmark alone takes to render every post body, on one core.
 *
 *   cmark_floor BODIES REPEATS
 *
 * BODIES holds the bodies separated by NUL bytes (Markdown has none). Each
 * repeat renders them all with the options sitegen uses by default
 * (CMARK_OPT_DEFAULT: safe mode, no smart punctuation); the median repeat is
 * printed as "seconds=S bodies=N markdown_bytes=B html_bytes=H". */
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: cmark_floor BODIES REPEATS\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc(size + 1);
    if (!text || fread(text, 1, size, file) != (size_t)size) { perror(argv[1]); return 1; }
    fclose(file);
    text[size] = '\0';

    int repeats = atoi(argv[2]);
    if (repeats < 1) repeats = 1;
    double *seconds = malloc(sizeof(double) * repeats);
    long bodies = 0, html = 0;
    for (int r = 0; r < repeats; r++) {
        bodies = 0;
        html = 0;
        double start = now();
        for (char *body = text; body < text + size; body += strlen(body) + 1) {
            char *out = cmark_markdown_to_html(body, strlen(body), CMARK_OPT_DEFAULT);
            html += strlen(out);
            free(out);
            bodies++;
        }
        seconds[r] = now() - start;
    }
    qsort(seconds, repeats, sizeof(double), compare);
    printf("seconds=%.4f bodies=%ld markdown_bytes=%ld html_bytes=%ld\n",
           (seconds[(repeats - 1) / 2] + seconds[repeats / 2]) / 2, bodies, size, html);
    return 0;
}
