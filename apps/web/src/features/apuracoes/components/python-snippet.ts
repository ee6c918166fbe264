/**
 * The Python program of docs/apuracao.md ("Confira você mesmo") that recomputes an apuração
 * of rule version 2 from the ticket file and the contest's prizes, shown as is on the public
 * page. Kept word for word with the guide (python-snippet.test.ts compares them).
 */
export const PYTHON_CONFERENCIA: string = `import csv, hashlib, sys  # python3 apuracao.py bilhetes.csv HASH p1,p2,p3,p4,p5 QTD MUSUARIO MLOJA [suplente…]
arq, h, P, qtd, mu, ml, *sup = sys.argv[1:]
B = [(r['serie'] + '-' + r['numero'], r['titular'], r['id_estabelecimento']) for r in csv.DictReader(open(arq, encoding='utf-8', newline=''))]
pega = lambda L, q, s: L[int(hashlib.sha256(f"{h.lower()}|{q.replace(',', '|')}|{s}".encode()).hexdigest(), 16) % len(L)] if L else None
def lista(fora, donos):  # a lista elegível: sem os bilhetes 'fora' e, com N, sem titulares/lojas de quem tem prêmio
    t, l = {d[1] for d in donos if mu == 'N'}, {d[2] for d in donos if ml == 'N'}
    return [b for b in B if b not in fora and b[1] not in t and b[2] not in l]
atual, fora = [], set()
for k in range(1, int(qtd) + 1):
    if not (w := pega(lista(fora, atual), P, k)): break
    atual.append(w); fora.add(w); print(f'{k}º prêmio:', *w)
for s in sup:  # <prêmio>:<q1,…,q5>[:<tipo>[:<série-número>+…]], na ordem do registro
    p, q, tipo, venda = (s.split(':') + ['nao_localizado', ''])[:4]; p = int(p); a, atual[p - 1] = atual[p - 1], None
    fora |= {b for b in B if (tipo == 'titular_inelegivel' and b[1] == a[1]) or b[0] in venda.split('+')}
    atual[p - 1] = w = pega(lista(fora, [d for d in atual if d]), q, f'S{p}'); fora.add(w); print(f'suplente do {p}º prêmio:', *(w or ['nenhum']))
`;
