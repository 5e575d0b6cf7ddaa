/*
 * pasta.h - PaStA's defaults (Ramsauer, Lohmann, Mauerer, ICSE 2019),
 * which patchsim and ptcluster start from: a pair's score is
 * PASTA_WEIGHT * msg + (1 - PASTA_WEIGHT) * diff; a pair is a candidate
 * when its diff length ratio is at least PASTA_DLR, and the same patch
 * when its score is at least PASTA_THRESHOLD.
 */
#ifndef PT_PASTA_H
#define PT_PASTA_H

#define PASTA_WEIGHT    0.3
#define PASTA_DLR       0.4
#define PASTA_THRESHOLD 0.82

#endif
