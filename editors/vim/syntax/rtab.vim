" Vim syntax file
" Language: rtab rules tables (.rtab)
" The same token kinds the TextMate grammar (rtab.tmLanguage.json) scopes.
if exists('b:current_syntax')
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

syn case match
" Files are small, and a grid or a block comment spans lines: parse from the top.
syn sync fromstart
syn iskeyword @,48-57,_

" Ids first: every later match that starts at the same place wins.
syn match rtabIdentifier /\<[A-Za-z_][A-Za-z0-9_]*\%(\[\d\+\]\)\=\%(\.[A-Za-z_][A-Za-z0-9_]*\)\=\>/
" The outcomes and codes of a grid's cells (numbers and code pairs below win).
syn match rtabCell /\<[A-Za-z_][A-Za-z0-9_]*\>/ contained
syn match rtabFunction /\<[A-Za-z_][A-Za-z0-9_]*\ze\s*(/

syn keyword rtabDefinition ruleset dice enum input effect outcome modifier table matrix ratio
      \ reactions transition distance procedure example errata nextgroup=rtabDefName skipwhite
" 'outcomes NAME {' names a group of outcomes; elsewhere the word is a name.
syn match rtabDefinition /\<outcomes\ze\s\+\h\w*\s*[{@]/ nextgroup=rtabDefName skipwhite
syn match rtabDefName /\<[A-Za-z_][A-Za-z0-9_]*\>/ contained
syn keyword rtabKeyword faces trigger value roll cap within columns by rows times settled
      \ where default otherwise group stack for steps step natural rewrite option leads tie drm
      \ modifiers require
syn keyword rtabConditional when unless if then else
syn keyword rtabLogical and or not
" 'earlier OUTCOME' in a rewrite's condition; elsewhere the word is a name.
syn match rtabKeyword /\<earlier\ze\s\+\h/
syn keyword rtabBoolean true false
syn keyword rtabType bool int
syn keyword rtabContextual shifts clamp below above like round down up nearest note cell at exact none
      \ list of number remove odds difference unit
syn keyword rtabContextual code nextgroup=rtabCode skipwhite
syn match rtabCode /\<[A-Za-z0-9_]\+\%(\/[A-Za-z0-9_]\+\)*\ze\s*;/ contained

" Operators before numbers: a number that starts with its sign wins.
syn match rtabOperator /->\|→\|<=\|>=\|==\|!=\|≤\|≥\|≠\|[<>=*\/+%-]/
syn match rtabOperator /\.\./
syn match rtabDelimiter /[{}();,:]/

" Numbers and the forms of rolls.
syn match rtabNumber /\%([A-Za-z0-9_]\)\@<![+-]\=\d\+\>/
syn match rtabDecimal /\%([A-Za-z0-9_.]\)\@<![+-]\=\d\+\.\d\+\>/
syn match rtabCode /\%([A-Za-z0-9_]\)\@<!-\=[A-Za-z0-9_]\+\%(\/-\=[A-Za-z0-9_]\+\)\+\>/
syn match rtabAtLeast /\%([A-Za-z0-9_]\)\@<![+-]\=\d\++\%([A-Za-z0-9_(]\)\@!/
syn match rtabRange /\%([A-Za-z0-9_]\)\@<![+-]\=\d\+\%(-\|\.\.\)[+-]\=\d\+\>/
syn match rtabOdds /\<\d\+\%(\.\d\+\)\=:\d\+\%(\.\d\+\)\=\>/
syn match rtabDice /\<\d\+d\d\+\>/
syn match rtabEmpty /—\|–\|--/


" Strings, their locale tags and placeholders.
syn match rtabEscape /\\["\\nt]/ contained
syn match rtabPlaceholder /{[A-Za-z_][A-Za-z0-9_]*}/ contained
syn region rtabString start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ contains=rtabEscape,rtabPlaceholder
syn match rtabLocale /\<[a-z]\{2,3}\%([-_][A-Za-z]\{2,4}\)\=\ze\s\+"/
syn region rtabLocales matchgroup=rtabKeyword start=/\<locales\>/ end=/;/me=e-1
      \ contains=rtabLocaleName,rtabDelimiter,rtabComment
syn match rtabLocaleName /\<[A-Za-z][A-Za-z0-9_]*\>/ contained

" Rule references and provisional values.
syn match rtabRuleAt /@\ze\s*\%([a-z]\{2,3}\%([-_][A-Za-z]\{2,4}\)\=\s\+\)\="/ nextgroup=rtabRule,rtabRuleLocale skipwhite
" Per locale: @ en "Combat Resolution" ru "Итоги боя".
syn match rtabRuleLocale /\<[a-z]\{2,3}\%([-_][A-Za-z]\{2,4}\)\=\ze\s\+"/ contained nextgroup=rtabRule skipwhite
syn region rtabRule start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ contained contains=rtabEscape nextgroup=rtabRuleLocale skipwhite
syn keyword rtabProvisional provisional nextgroup=rtabProvisionalWhy skipwhite
syn region rtabProvisionalWhy start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ contained contains=rtabEscape,rtabPlaceholder

" A grid: its lines are cells.
syn region rtabGrid matchgroup=rtabKeyword start=/\<grid\>\%(\s\+[A-Za-z_][A-Za-z0-9_]*\)\=\s*{/ end=/}/
      \ contains=rtabComment,rtabRuleAt,rtabProvisional,rtabString,rtabCell,rtabEmptyCell,rtabNumber,rtabDecimal,rtabCode,rtabAtLeast,rtabRange,rtabOdds,rtabOperator
syn match rtabEmptyCell /—\|–\|--\|-\ze\%(\s\|$\)/ contained

" Comments last: nothing inside them is anything else.
syn keyword rtabTodo TODO FIXME XXX contained
syn match rtabComment /\%(#\|\/\/\).*$/ contains=rtabTodo
syn region rtabComment start=/\/\*/ end=/\*\// contains=rtabTodo

hi def link rtabIdentifier Identifier
hi def link rtabFunction Function
hi def link rtabDefinition Structure
hi def link rtabDefName Type
hi def link rtabKeyword Keyword
hi def link rtabConditional Conditional
hi def link rtabLogical Operator
hi def link rtabBoolean Boolean
hi def link rtabType Type
hi def link rtabContextual Keyword
hi def link rtabCode Constant
hi def link rtabNumber Number
hi def link rtabDecimal Float
hi def link rtabAtLeast Number
hi def link rtabRange Number
hi def link rtabOdds Number
hi def link rtabDice Number
hi def link rtabEmpty Constant
hi def link rtabOperator Operator
hi def link rtabDelimiter Delimiter
hi def link rtabEscape SpecialChar
hi def link rtabPlaceholder Special
hi def link rtabString String
hi def link rtabLocale Tag
hi def link rtabLocaleName Tag
hi def link rtabRuleAt Special
hi def link rtabRule Label
hi def link rtabRuleLocale Tag
hi def link rtabProvisional Todo
hi def link rtabProvisionalWhy String
hi def link rtabCell Constant
hi def link rtabEmptyCell Constant
hi def link rtabTodo Todo
hi def link rtabComment Comment

let b:current_syntax = 'rtab'
let &cpo = s:cpo_save
unlet s:cpo_save
