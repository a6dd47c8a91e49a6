// js
