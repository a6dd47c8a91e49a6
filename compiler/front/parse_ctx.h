/* SPDX-License-Identifier: MIT */
/* State shared by the scanner and the parser of one file. */
#ifndef RTAB_PARSE_CTX_H
#define RTAB_PARSE_CTX_H

#include "front/ast.h"
#include "base/diag.h"
#include "base/util.h"


#define LEX_MAX_DEPTH 64

/* Where the scanner stands, kept at a row's start (lexer.l). */
struct lex_mark {
	int line, col;
	src_loc prev_end, cur_end;
	bool cur_is_token;
	int paren_depth;
	bool paren_reset;
	char cur_first, prev_first;
	bool grid_bol, grid_bol_before;
};

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
	/* Inside a 'rows' block (the parser says so): plain rows ('o1 5;', 'o2 3-4 5;')
	 * are each matched whole by one pattern and appended to the block, at
	 * rows_depth of braces; never again after a syntax error (rows_off). */
	ast_rows *rows;
	int rows_depth;
	bool rows_off;
	size_t plain_rows; /* read so far */
	struct lex_mark row_mark; /* at the start of the row being matched */
	/* Inside a grid, after its first line (the parser says so): plain lines
	 * ('3  AE  DR  -') are each matched whole and appended to lines. */
	ast_glines *glines;
	size_t plain_grid_lines; /* read so far */
	/* Told of each comment, from its start to its end (rtab_scan); NULL when parsing. */
	void (*on_comment)(void *arg, src_loc first, src_loc end);
	void *comment_arg;
};

struct parse_ctx {
	diag_ctx *diag;
	ast_def *defs;
	ast_errata *errata; /* the errata layers, in order, after the definitions */
	ast_part_refs *part_refs; /* parts' references per locale read in the definition being read */
	bool damaged;      /* error recovery dropped part of the definition being read */
	bool rows_by_grammar; /* no plain rows read by the scanner (the tests compare both ways) */
	size_t plain_rows;    /* rows the scanner read by itself */
	size_t plain_grid_lines; /* grid lines the scanner read by itself */
	/* What the parser reads, for the hints of a syntax error: the token it is
	 * at, the one before and that one's text when a short identifier. */
	int token_now, token_before;
	bool after_when; /* the statement being read has reached its 'when' */
	bool in_reference; /* the tokens since the last '@' are its locales and texts */
	char word_before[16];
	char word_of_statement[16]; /* the first word of the statement being read */
	char **discarded;  /* identifiers thrown away by error recovery */
	size_t ndiscarded, cap_discarded;
};

/* Take ownership of a string that error recovery discards. */
void parse_discard(struct parse_ctx *p, char *s);

#include "parser.h"

/* The scanner speaks bison's unprefixed names. */
#define YYSTYPE RTAB_YYSTYPE
#define YYLTYPE RTAB_YYLTYPE

/* The parser is at the start of a 'rows' block (rows), at its end, or
 * recovering from a syntax error (off: the rest goes through the grammar). */
void lex_rows_begin(void *scanner, ast_rows *rows);
void lex_rows_end(void *scanner);
void lex_rows_off(void *scanner);
/* The parser has read a grid's first line (lines: where the rest go), or its end. */
void lex_grid_lines(void *scanner, ast_glines *lines);
void lex_grid_end(void *scanner);
bool rtab_is_keyword(const char *s, size_t n);

/* Parse text into p->defs; reports every syntax error through p->diag. */
int rtab_parse(const char *text, size_t len, struct parse_ctx *p);

#endif
