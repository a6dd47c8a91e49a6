" .rtab files are rules tables for rtab.
autocmd BufNewFile,BufRead *.rtab setfiletype rtab
