/* State shared by the scanner and the parser of one file. */
#ifndef RTAB_PARSE_CTX_H
#define RTAB_PARSE_CTX_H

#include "ast.h"
#include "diag.h"
#include "util.h"


#define LEX_MAX_DEPTH 64

struct lex_extra {
	diag_ctx *diag;
	int line, col;
	src_loc start; /* of the string or comment being scanned */
	strbuf str;
	src_loc prev_end; /* where the token before the current one ended */
	src_loc cur_end;
	bool cur_is_token;
	src_loc open_braces[LEX_MAX_DEPTH];
	int depth; /* braces open; may exceed LEX_MAX_DEPTH */
	src_loc open_parens[LEX_MAX_DEPTH];
	int paren_depth;    /* parentheses open in the current statement */
	bool paren_reset;   /* a ';', '{' or '}' ended the statement: forget them at the next token */
	char cur_first, prev_first; /* first characters of the current and previous tokens */
	bool eof_reported;  /* an unterminated string or comment was reported at the end */
	int grid;           /* 0: outside a grid; 1: after 'grid', before its '{'; 2: inside */
	bool grid_bol;      /* inside a grid, at the start of a line: a newline ends nothing */
	bool grid_bol_before; /* grid_bol before the current token */
};

struct parse_ctx {
	diag_ctx *diag;
	ast_def *defs;
	ast_errata *errata; /* the errata layers, in order, after the definitions */
	bool damaged;      /* error recovery dropped part of the definition being read */
	char **discarded;  /* identifiers thrown away by error recovery */
	size_t ndiscarded, cap_discarded;
};

/* Take ownership of a string that error recovery discards. */
void parse_discard(struct parse_ctx *p, char *s);

#include "parser.h"

/* The scanner speaks bison's unprefixed names. */
#define YYSTYPE RTAB_YYSTYPE
#define YYLTYPE RTAB_YYLTYPE

/* Parse text into p->defs; reports every syntax error through p->diag. */
int rtab_parse(const char *text, size_t len, struct parse_ctx *p);

#endif
