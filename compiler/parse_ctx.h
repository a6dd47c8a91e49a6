/* State shared by the scanner and the parser of one file. */
#ifndef RTAB_PARSE_CTX_H
#define RTAB_PARSE_CTX_H

#include "ast.h"
#include "diag.h"
#include "util.h"

#define RTAB_INT_LIMIT 1000000000

struct lex_extra {
	diag_ctx *diag;
	int line, col;
	src_loc start; /* of the string or comment being scanned */
	strbuf str;
};

struct parse_ctx {
	diag_ctx *diag;
	ast_def *defs;
};

#include "parser.h"

/* The scanner speaks bison's unprefixed names. */
#define YYSTYPE RTAB_YYSTYPE
#define YYLTYPE RTAB_YYLTYPE

/* Parse text into p->defs; reports every syntax error through p->diag. */
int rtab_parse(const char *text, size_t len, struct parse_ctx *p);

#endif
