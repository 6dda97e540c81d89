/**
 * Full names of people and characters everyone knows, which a review names as a reference ('he thinks he's
 * Tom Hardy', 'we went to see Taylor Swift with her sister') rather than as someone in the writer's story:
 * the third-person full-name rule leaves them alone. Written in lower case; a name found here is read
 * whatever its case.
 */
export const FAMOUS_NAMES: ReadonlySet<string> = new Set(
  // Film and television.
  (
    'tom hardy,tom cruise,tom hanks,tom holland,tom hiddleston,brad pitt,leonardo dicaprio,johnny depp,' +
    'emma stone,emma watson,emma thompson,jennifer aniston,jennifer lawrence,jennifer lopez,julia roberts,' +
    'angelina jolie,scarlett johansson,meryl streep,denzel washington,will smith,morgan freeman,ryan gosling,' +
    'ryan reynolds,chris hemsworth,chris evans,chris pratt,keanu reeves,robert pattinson,timothee chalamet,' +
    'zendaya coleman,margot robbie,anne hathaway,nicole kidman,hugh grant,hugh jackman,colin firth,' +
    'benedict cumberbatch,idris elba,daniel craig,daniel radcliffe,matt damon,ben affleck,george clooney,' +
    'harrison ford,keira knightley,kate winslet,jim carrey,adam sandler,steve carell,jack black,' +
    'jack nicholson,jason statham,jason momoa,henry cavill,pedro pascal,paul rudd,michael cera,' +
    'oprah winfrey,ellen degeneres,jimmy fallon,gordon ramsay,martha stewart,jamie oliver,nigella lawson,' +
    'mary berry,david attenborough,kim kardashian,kylie jenner,kendall jenner,paris hilton,' +
    // Music.
    'taylor swift,bruce springsteen,stevie wonder,michael jackson,elvis presley,bob dylan,bob marley,' +
    'david bowie,elton john,freddie mercury,paul mccartney,john lennon,mick jagger,ed sheeran,harry styles,' +
    'justin bieber,justin timberlake,ariana grande,billie eilish,lady gaga,katy perry,miley cyrus,' +
    'selena gomez,britney spears,whitney houston,mariah carey,celine dion,dolly parton,johnny cash,' +
    'frank sinatra,kanye west,bad bunny,alejandro sanz,shakira mebarak,enrique iglesias,ricky martin,' +
    'rosalia vila,amy winehouse,adele adkins,lana del rey,olivia rodrigo,sabrina carpenter,dua lipa,' +
    'bruno mars,john legend,alicia keys,janet jackson,prince rogers,kurt cobain,ozzy osbourne,' +
    // Sport.
    'michael jordan,lebron james,kobe bryant,serena williams,venus williams,roger federer,rafael nadal,' +
    'novak djokovic,andy murray,lionel messi,cristiano ronaldo,david beckham,victoria beckham,tiger woods,' +
    'usain bolt,simone biles,tom brady,travis kelce,wayne rooney,harry kane,mike tyson,muhammad ali,' +
    // Letters, history, politics, business.
    'jane austen,sally rooney,stephen king,agatha christie,charles dickens,william shakespeare,' +
    'ernest hemingway,virginia woolf,sylvia plath,jk rowling,george orwell,oscar wilde,emily dickinson,' +
    'winston churchill,abraham lincoln,george washington,martin luther,barack obama,michelle obama,' +
    'donald trump,joe biden,hillary clinton,bill clinton,boris johnson,margaret thatcher,elon musk,' +
    'jeff bezos,bill gates,steve jobs,mark zuckerberg,albert einstein,isaac newton,charles darwin,' +
    'marie curie,frida kahlo,pablo picasso,vincent van,jordan peterson,andrew tate,joe rogan,' +
    // Characters.
    'harry potter,hermione granger,ron weasley,james bond,sherlock holmes,tony stark,peter parker,' +
    'bruce wayne,clark kent,luke skywalker,darth vader,indiana jones,forrest gump,patrick bateman,' +
    'tyler durden,christian grey,mr darcy,bridget jones,carrie bradshaw,ross geller,chandler bing,' +
    'rachel green,michael scott,homer simpson,mary poppins,peter pan,jack sparrow,walter white,' +
    'jon snow,ted lasso,buzz lightyear,santa claus'
  ).split(','),
);
