console.log('hall server');
